import { PatientInfoPage } from '@web/features/patient-lookup/components/patient-info-page';

/** /patientInfo (no sign-in, opened in a new tab): a patient's exams and audited reports. */
export default function PatientInfoRoute() {
  return <PatientInfoPage />;
}
