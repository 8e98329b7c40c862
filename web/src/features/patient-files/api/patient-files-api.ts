import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PatientFile } from '@shared/schemas/patient-files';
import { apiPost, apiPostForm, buildUrl } from '@web/lib/api-client';

const filesKey = (studyIuid: string) => ['patient-files', studyIuid] as const;

/** A study's attachments (patorder:patfile). */
export function usePatientFiles(studyIuid: string, enabled: boolean) {
  return useQuery({
    queryKey: filesKey(studyIuid),
    queryFn: ({ signal }) =>
      apiPost<PatientFile[]>('/UploadDicom/patFileList', { study_iuid: studyIuid }, { signal, silent: true }),
    enabled: enabled && !!studyIuid,
    staleTime: 30_000,
  });
}

export function useAddPatientFile(studyIuid: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.set('study_iuid', studyIuid);
      form.set('file', file, file.name);
      return apiPostForm<PatientFile>('/UploadDicom/uploadPatFile', form);
    },
    // The answer is the new row: appended, no reload.
    onSuccess: (added) => qc.setQueryData<PatientFile[]>(filesKey(studyIuid), (old) => [...(old ?? []), added]),
  });
}

export function useDeletePatientFile(studyIuid: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (pk: number) => apiPost<null>('/UploadDicom/deletePatFile', { pk }),
    onSuccess: (_r, pk) =>
      qc.setQueryData<PatientFile[]>(filesKey(studyIuid), (old) => (old ?? []).filter((f) => f.pk !== pk)),
  });
}

/**
 * The address of a stored file for an <img> or a new tab: a viewer token of the study (never the session
 * token) in the URL.
 */
export async function fileHref(studyIuid: string, pk: number): Promise<string> {
  const { token } = await apiPost<{ token: string }>('/wado/token', { study_iuid: studyIuid });
  return buildUrl('/UploadDicom/showFile', { pk, token });
}
