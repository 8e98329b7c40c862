import { useQuery } from '@tanstack/react-query';
import type { PatientLabel } from '@shared/label/zpl';
import type { ReportInfo } from '@shared/schemas/report';
import { apiPost } from '@web/lib/api-client';

/**
 * The label's fields: given in the query (the registration desk has them at hand), or read from the
 * study by study_iuid.
 */
export function useLabelData(q: URLSearchParams) {
  const given: PatientLabel = {
    patient_name: q.get('patient_name') ?? '',
    patient_id: q.get('patient_id') ?? '',
    accession_no: q.get('accession_no') ?? '',
    modality: q.get('modality') ?? '',
  };
  const studyIuid = q.get('study_iuid') ?? '';
  const fromQuery = !!(given.patient_name && given.patient_id);
  const study = useQuery({
    queryKey: ['label-study', studyIuid],
    queryFn: ({ signal }) => apiPost<ReportInfo>('/report/info', { study_iuid: studyIuid }, { signal }),
    enabled: !fromQuery && !!studyIuid,
    staleTime: Infinity,
  });
  if (fromQuery) return { label: given, isLoading: false };
  const s = study.data?.study;
  return {
    label: s
      ? {
          patient_name: s.patient_name,
          patient_id: s.patient_id,
          accession_no: s.accession_no,
          modality: s.modality,
          lookup_code: s.lookup_code,
        }
      : null,
    isLoading: study.isLoading,
  };
}
