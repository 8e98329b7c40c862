import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Envelope } from '@shared/errors';
import type { Page } from '@shared/schemas/common';
import type { ImportResult } from '@shared/schemas/list';
import type { ScanItemRow, ScanItemSave } from '@shared/schemas/scan-item';
import { exportQuery, listQuery } from '@web/components/list-page/list-query';
import { apiGet, apiPost, buildUrl } from '@web/lib/api-client';
import { apiDownload } from '@web/lib/api-download';
import { currentLocale, i18n } from '@web/lib/i18n';
import { useSessionStore } from '@web/lib/session-store';
import type { ScanpParams } from '../lib/scanp-list';

export function useScanpList(p: ScanpParams) {
  return useQuery({
    queryKey: ['admin-scanp', p],
    queryFn: ({ signal }) => apiGet<Page<ScanItemRow>>('/scanp/list', { ...listQuery(p) }, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export const scanpApi = {
  save: (v: ScanItemSave) => apiPost<ScanItemRow>('/scanp/saveScanp', v, { silent: true }),
  remove: (pk: number) => apiPost<{ deleted: number }>('/scanp/delete', { pk }),
  removeMany: (ids: string[]) => apiPost<{ deleted: number }>('/scanp/deleteBatch', { ids: ids.join(',') }),
  exportXls: (p: ScanpParams) =>
    apiDownload('/scanp/exportXls', { query: { ...exportQuery(p) }, fallbackName: 'scan-items.xlsx' }),
};

/** Uploads an .xlsx to /scanp/importExcel: the whole envelope (code 200, 201 with details, or 400 with details). */
export async function importScanItems(file: File): Promise<Envelope<ImportResult | null>> {
  const token = useSessionStore.getState().token;
  const body = new FormData();
  body.set('file', file, file.name);
  const headers: Record<string, string> = { 'Accept-Language': currentLocale() };
  if (token) headers.Authorization = `Bearer ${token}`;
  try {
    const res = await fetch(buildUrl('/scanp/importExcel'), { method: 'POST', headers, body });
    return (await res.json()) as Envelope<ImportResult | null>;
  } catch {
    return { success: false, msg: i18n.t('common:errors.network'), data: null };
  }
}
