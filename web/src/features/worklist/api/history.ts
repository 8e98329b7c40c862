import { useQuery } from '@tanstack/react-query';
import type { HistoryKey, StudyRow } from '@shared/schemas/order';
import { apiPost } from '@web/lib/api-client';

/** Other studies of the patient by one key (same patient ID, name, ID card or phone). */
export function useHistory(study: StudyRow | null, key: HistoryKey) {
  return useQuery({
    queryKey: ['history', study?.study_iuid, key],
    enabled: !!study,
    queryFn: ({ signal }) =>
      study
        ? apiPost<StudyRow[]>(
            '/api/order/historyList',
            { study_iuid: study.study_iuid, hospital_code: study.hospital_code, [key]: study[key] },
            { signal },
          )
        : Promise.resolve([]),
  });
}
