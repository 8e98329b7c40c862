import { Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { StudyDetail } from '@shared/schemas/report';
import { PatientSex } from '@web/components/patient-sex';
import { useHistoryCount } from '../api/report-api';

/** Patient and study header with the history count (other studies of the same patient ID). */
export function StudyHeader({ study, compact }: { study: StudyDetail; compact?: boolean }) {
  const { t } = useTranslation(['report', 'study']);
  const history = useHistoryCount(study);
  const items: { key: string; label: string; children: ReactNode }[] = [
    {
      key: 'name',
      label: t('study:fields.patient_name'),
      children: <b data-testid="rw-patient-name">{study.patient_name}</b>,
    },
    {
      key: 'sex',
      label: t('study:fields.patient_sex'),
      children: <PatientSex value={study.patient_sex} />,
    },
    { key: 'age', label: t('study:fields.patient_age'), children: study.patient_age },
    { key: 'pid', label: t('study:fields.patient_id'), children: study.patient_id },
    { key: 'acc', label: t('study:fields.accession_no'), children: study.accession_no },
    { key: 'mod', label: t('study:fields.modality'), children: <Tag>{study.modality}</Tag> },
    {
      key: 'desc',
      label: t('study:fields.study_desc'),
      children: <span data-testid="rw-study-desc">{study.study_desc}</span>,
    },
    { key: 'dt', label: t('study:fields.study_datetime'), children: study.study_datetime },
    {
      key: 'hist',
      label: t('report:header.history'),
      children: <span data-testid="rw-history-count">{history.data ?? '-'}</span>,
    },
    { key: 'files', label: t('report:header.images'), children: study.file_count },
  ];
  // Label and value wrap as one unit, never inside a value ("A2600003 / 30" at 1440 px).
  return (
    <dl className={compact ? 'rx-study-header rx-study-header-compact' : 'rx-study-header'} data-testid="rw-header">
      {items.map((i) => (
        <div key={i.key} className="rx-study-header-item" data-key={i.key}>
          <dt>{i.label}</dt>
          <dd>{i.children}</dd>
        </div>
      ))}
    </dl>
  );
}
