import { useQuery } from '@tanstack/react-query';
import type { PatientEdit, ScanItem } from '@shared/schemas/patient';
import type { StudyDetail } from '@shared/schemas/report';
import { apiPost } from '@web/lib/api-client';

export function useScanItems(modality: string | undefined, keyword: string, enabled: boolean) {
  return useQuery({
    queryKey: ['scan-items', modality ?? '', keyword],
    enabled,
    queryFn: ({ signal }) => apiPost<ScanItem[]>('/scanp/findModalityList', { modality, keyword }, { signal }),
  });
}

/** Field errors come back as ApiError.errors; the modal shows them beside the fields. */
export const savePatient = (p: PatientEdit) => apiPost<StudyDetail>('/patient/save', p, { silent: true });
