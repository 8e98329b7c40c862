import { queryOptions, useQuery } from '@tanstack/react-query';
import { CONFIG_CACHE_MS } from '@shared/constants';
import type { ReportConfig } from '@shared/report/document';
import type {
  ReportDetail,
  ReportInfo,
  ReportTransitionInput,
  SaveReportInput,
  VersionRow,
} from '@shared/schemas/report';
import type { StudyRow } from '@shared/schemas/order';
import type { SignRequestResult } from '@shared/schemas/report-signature';
import { apiGet, apiPost, type RequestOptions } from '@web/lib/api-client';

/** What save and audit send (the screen's working copy of one report): the shared schema's input. */
export type ReportWrite = SaveReportInput;
export type ReportRef = Pick<ReportTransitionInput, 'study_iuid' | 'rpt_position'>;

export const reportInfoQuery = (studyIuid: string) =>
  queryOptions({
    queryKey: ['report-info', studyIuid],
    queryFn: ({ signal }) => apiPost<ReportInfo>('/report/info', { study_iuid: studyIuid }, { signal }),
    enabled: !!studyIuid,
    // The screen owns its working copy; refetches happen only when it asks (after a write, a switch).
    staleTime: Infinity,
    // Dropped when the screen closes, so reopening always reads the report afresh.
    gcTime: 0,
    refetchOnWindowFocus: false,
  });

export function useReportInfo(studyIuid: string) {
  return useQuery(reportInfoQuery(studyIuid));
}

/** Write calls show their own dialogs for 409/422, so they are silent; the screen reports the rest. */
const writeOpts: RequestOptions = { silent: true };

export const reportApi = {
  save: (w: ReportWrite) => apiPost<ReportDetail>('/report/save', w, writeOpts),
  audit: (w: ReportWrite) => apiPost<ReportDetail>('/report/audit', w, writeOpts),
  signRequest: (w: ReportWrite & { role: 'audit' | 'report' }) =>
    apiPost<SignRequestResult>('/report/signRequest', w, writeOpts),
  cancelAudit: (r: ReportTransitionInput) => apiPost<ReportDetail>('/report/cancelAudit', r, writeOpts),
  invalid: (r: ReportTransitionInput) => apiPost<ReportDetail>('/report/invalid', r, writeOpts),
  critical: (r: ReportRef & { version: number; is_critical: 0 | 1; danger_val: string }) =>
    apiPost<ReportDetail>('/report/critical', r, writeOpts),
  addendum: (r: ReportRef & { version: number; text: string }) =>
    apiPost<ReportDetail>('/report/addendum', r, writeOpts),
  cache: (r: ReportRef & { report_text1: string; report_text2: string }) => apiPost<null>('/report/cache', r),
  lock: (studyIuid: string) => apiPost<ReportInfo['lock']>('/report/lock', { study_iuid: studyIuid }, { silent: true }),
  cleanLock: (studyIuid: string) => apiPost<ReportInfo['lock']>('/report/cleanLock', { study_iuid: studyIuid }),
  quality: (q: Record<string, unknown>) => apiPost<null>('/report/quality', q),
};

export const versionsKey = (ref: ReportRef | null) => ['report-versions', ref?.study_iuid, ref?.rpt_position];

/** The report's versions; polled while an audit's PDF is being made. */
export function useVersions(ref: ReportRef | null, enabled: boolean) {
  return useQuery({
    queryKey: versionsKey(ref),
    enabled: !!ref && enabled,
    queryFn: ({ signal }) => apiPost<VersionRow[]>('/report/versions', ref, { signal }),
    refetchInterval: (q) => (q.state.data?.some((v) => v.pdf_state === 'pending') ? 3000 : false),
  });
}

/** Other studies of the same patient (same patient ID): the header's history count. */
export function useHistoryCount(study: { study_iuid: string; hospital_code: string; patient_id: string } | undefined) {
  return useQuery({
    queryKey: ['history', study?.study_iuid, 'patient_id'],
    enabled: !!study?.patient_id,
    queryFn: ({ signal }) =>
      apiPost<StudyRow[]>(
        '/api/order/historyList',
        { study_iuid: study!.study_iuid, hospital_code: study!.hospital_code, patient_id: study!.patient_id },
        { signal, silent: true },
      ),
    select: (rows) => rows.length,
  });
}

/** sys_config entries the report screens read (multi_page_report), cached for the spec's day. */
export function useReportConfig() {
  return useQuery({
    queryKey: ['report-config'],
    queryFn: ({ signal }) => apiGet<ReportConfig>('/tool/reportConfig', undefined, { signal, silent: true }),
    staleTime: CONFIG_CACHE_MS,
  });
}
