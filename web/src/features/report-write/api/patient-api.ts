import { useQuery } from '@tanstack/react-query';
import type { Shortcut } from '@shared/schemas/admin-config';
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

/** The user's shortcut for a modality: their quick-pick scan items, offered first in the body-part search. */
export function useShortcut(modality: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: ['shortcut', modality ?? ''],
    enabled: enabled && !!modality,
    queryFn: async ({ signal }) => {
      const found = await apiPost<Shortcut[]>('/shortcut/find', { modality }, { signal });
      return found[0]?.items ?? [];
    },
  });
}

export const saveShortcut = (modality: string, scanp_ids: number[]) =>
  apiPost<Shortcut>('/shortcut/save', { modality, scanp_ids });
