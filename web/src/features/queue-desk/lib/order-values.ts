import { normalSex } from '@shared/patient-sex';
import type { RegisterSave } from '@shared/schemas/queue';
import type { QueueOrder } from '../api/queue-api';

/**
 * The register form's patient fields from a scheduled order. A sex the order does not record stays empty
 * for the registrar to ask and choose: it is never guessed as other.
 */
export function orderValues(o: QueueOrder): Partial<RegisterSave> {
  return {
    pat_id: o.pat_id,
    pat_name: o.pat_name,
    patient_sex: normalSex(o.patient_sex) || undefined,
    patient_age: o.patient_age,
    modality: o.modality as RegisterSave['modality'],
    accession_no: o.accession_no,
    study_desc: o.study_desc,
  };
}
