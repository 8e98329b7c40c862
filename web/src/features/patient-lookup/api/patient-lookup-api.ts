import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreatedShareLink,
  CreateShareLinkInput,
  PatientLookupInput,
  PatientLookupResult,
  ShareLink,
  ShareRptInfo,
} from '@shared/schemas/patient-lookup';
import { apiGet, apiPost } from '@web/lib/api-client';

/** The patient's own look-up (no session); the page shows refusals itself. */
export function usePatientLookup() {
  return useMutation({
    mutationFn: (q: PatientLookupInput) =>
      apiPost<PatientLookupResult>('/api/order/patientInfoList', q, { silent: true }),
  });
}

const linksKey = (studyIuid: string) => ['share-links', studyIuid] as const;

export function useShareLinks(studyIuid: string, enabled: boolean) {
  return useQuery({
    queryKey: linksKey(studyIuid),
    enabled: enabled && !!studyIuid,
    queryFn: ({ signal }) => apiPost<ShareLink[]>('/report/shareLink/list', { study_iuid: studyIuid }, { signal }),
  });
}

export function useCreateShareLink(studyIuid: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateShareLinkInput) => apiPost<CreatedShareLink>('/report/shareLink', input),
    onSuccess: (created) => {
      const { token: _token, path: _path, ...link } = created;
      qc.setQueryData<ShareLink[]>(linksKey(studyIuid), (old) => [link, ...(old ?? [])]);
    },
  });
}

export function useRevokeShareLink(studyIuid: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (pk: number) => apiPost<{ pk: number }>('/report/shareLink/revoke', { pk }),
    onSuccess: ({ pk }) =>
      qc.setQueryData<ShareLink[]>(linksKey(studyIuid), (old) => (old ?? []).filter((l) => l.pk !== pk)),
  });
}

export function useShareRptInfo(studyIuid: string) {
  return useQuery({
    queryKey: ['share-rpt-info', studyIuid],
    enabled: !!studyIuid,
    retry: false,
    queryFn: ({ signal }) =>
      apiGet<ShareRptInfo>('/report/shareRptInfo', { study_iuid: studyIuid }, { silent: true, signal }),
  });
}

/** The app's address of a print-view path (hash router), for copying and opening. */
export const appUrl = (path: string) => `${window.location.origin}${window.location.pathname}#${path}`;
