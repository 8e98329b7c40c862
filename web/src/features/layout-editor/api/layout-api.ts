import { useQuery } from '@tanstack/react-query';
import type { ReportConfig } from '@shared/report/document';
import type { StudyRow } from '@shared/schemas/order';
import type { LayoutKind, LayoutRow, LayoutSaveInput, MrrtImportResult } from '@shared/schemas/layout';
import type { LayoutTemplate, ReportInfo } from '@shared/schemas/report';
import { apiGet, apiPost, apiPostDocument } from '@web/lib/api-client';
import { apiDownload } from '@web/lib/api-download';

export type EditorLayout = LayoutTemplate & { editable: boolean; kind: LayoutKind };

export function useLayout(pk: number | undefined) {
  return useQuery({
    queryKey: ['layout', pk],
    enabled: !!pk,
    retry: false,
    queryFn: ({ signal }) => apiPost<EditorLayout>('/layout/get', { pk }, { silent: true, signal }),
  });
}

/** Recent studies a layout would be used for (its hospital and modality), to preview it with one. */
export function usePreviewStudies(layout: LayoutTemplate | undefined, enabled: boolean) {
  return useQuery({
    queryKey: ['layout-preview-studies', layout?.hospital_code, layout?.modality],
    enabled: !!layout && enabled,
    retry: false,
    queryFn: ({ signal }) =>
      apiPost<{ list: StudyRow[] }>(
        '/api/order/OrderList',
        {
          pageNumber: 1,
          pageSize: 20,
          ...(layout!.hospital_code ? { sn: layout!.hospital_code } : {}),
          ...(layout!.modality ? { modalitys: [layout!.modality] } : {}),
        },
        { silent: true, signal },
      ),
  });
}

/** The study and its first report as the print page reads them (this server; the preview has no core_url). */
export function usePreviewStudy(study_iuid: string) {
  return useQuery({
    queryKey: ['layout-preview-study', study_iuid],
    enabled: !!study_iuid,
    retry: false,
    queryFn: async ({ signal }) => {
      const [config, info] = await Promise.all([
        apiGet<ReportConfig>('/tool/reportConfig', undefined, { silent: true, signal }),
        apiPost<ReportInfo>('/report/info', { study_iuid }, { silent: true, signal }),
      ]);
      return { config, info };
    },
  });
}

export function useLayoutRows(filters: { hospital_code?: string; modality?: string }) {
  return useQuery({
    queryKey: ['layouts', filters],
    queryFn: ({ signal }) => apiPost<LayoutRow[]>('/layout/list', filters, { signal }),
    staleTime: 0,
  });
}

export function useHospitalOptions(enabled: boolean) {
  return useQuery({
    queryKey: ['hospitals'],
    queryFn: () => apiPost<{ sn: string; name: string; code: string }[]>('/hospital/getHospitalNameAndSn'),
    enabled,
    staleTime: 10 * 60_000,
  });
}

/** Field refusals (element problems, a stale version) are shown by the editor itself. */
export const saveLayout = (v: LayoutSaveInput) => apiPost<LayoutRow>('/layout/save', v, { silent: true });
export const withdrawLayout = (pk: number) => apiPost<null>('/layout/delete', { pk });
/** How many studies not yet audited the layout would draw once its draft is live. */
export const layoutImpact = (pk: number) => apiPost<{ studies: number }>('/layout/impact', { pk });
/** `version`: the live version the list showed (another activation meanwhile is refused). */
export const activateLayout = (pk: number, version: number) => apiPost<LayoutRow>('/layout/activate', { pk, version });
export const discardDraft = (pk: number) => apiPost<null>('/layout/discardDraft', { pk });

/** An MRRT file into a new layout of that hospital and modality (the file's bytes as text/html). */
export const importMrrt = (file: Blob, hospital_code: string, modality: string) =>
  apiPostDocument<MrrtImportResult>('/layout/importMrrt', file, 'text/html', {
    query: { hospital_code, modality },
    silent: true,
  });

/** The layout as an MRRT file, saved under the server's name. */
export const exportMrrt = (pk: number) =>
  apiDownload('/layout/exportMrrt', { query: { pk }, fallbackName: `layout-${pk}.mrrt.html` });
