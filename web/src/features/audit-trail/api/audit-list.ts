import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AuditRow } from '@shared/schemas/audit';
import type { Page } from '@shared/schemas/common';
import { exportQuery, listQuery } from '@web/components/list-page/list-query';
import { apiGet } from '@web/lib/api-client';
import { apiDownload } from '@web/lib/api-download';
import type { AuditParams } from '../lib/audit-list';

export function useAuditList(p: AuditParams) {
  return useQuery({
    queryKey: ['audit', p],
    queryFn: ({ signal }) => apiGet<Page<AuditRow>>('/audit/list', { ...listQuery(p) }, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export const exportAudit = (p: AuditParams) =>
  apiDownload('/audit/exportXls', { query: { ...exportQuery(p) }, fallbackName: 'audit-trail.xlsx' });
