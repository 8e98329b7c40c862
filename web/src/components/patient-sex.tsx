import { useTranslation } from 'react-i18next';
import { sexCode } from '@shared/patient-sex';

/** A patient's sex in the page's language: Unknown when none is recorded, Other only for an explicit O. */
export function PatientSex({ value }: { value: string | null | undefined }) {
  const { t } = useTranslation('common');
  return t(`sex.${sexCode(value)}`);
}
