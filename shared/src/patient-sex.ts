/** DICOM PatientSex (0010,0040): male, female, other; an empty value means the sex is not known. */
export const PATIENT_SEXES = ['M', 'F', 'O'] as const;
export type PatientSex = (typeof PATIENT_SEXES)[number];

/** A patient's sex as stored: M, F or O, or '' when not known (absent, empty, or a code DICOM does not define). */
export function normalSex(v: string | null | undefined): PatientSex | '' {
  const s = (v ?? '').trim().toUpperCase();
  return (PATIENT_SEXES as readonly string[]).includes(s) ? (s as PatientSex) : '';
}

/** Which text a sex shows as: 'unknown' when not known; 'O' (other) only for an explicit O. */
export const sexCode = (v: string | null | undefined): PatientSex | 'unknown' => normalSex(v) || 'unknown';
