import type { TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import type { StudyRow } from '@shared/schemas/order';
import { RptStatusTag } from './rpt-status-tag';

const SEX_KEYS = { M: 'sex.M', F: 'sex.F' } as const;

/** The study fields shown by the worklist, the favourites and the history dialog. */
export function studyColumns(t: TFunction<'study'>): TableColumnsType<StudyRow> {
  return [
    {
      title: t('fields.patient_name'),
      dataIndex: 'patient_name',
      width: 110,
      fixed: 'left',
      render: (v: string) => <span data-testid="cell-patient-name">{v}</span>,
    },
    {
      title: t('fields.rpt_status'),
      dataIndex: 'rpt_status',
      width: 120,
      render: (v: number) => <RptStatusTag status={v} />,
    },
    {
      title: t('fields.patient_sex'),
      dataIndex: 'patient_sex',
      width: 80,
      render: (v: string) => (v in SEX_KEYS ? t(SEX_KEYS[v as keyof typeof SEX_KEYS]) : t('sex.other')),
    },
    { title: t('fields.patient_age'), dataIndex: 'patient_age', width: 64 },
    {
      title: t('fields.patient_id'),
      dataIndex: 'patient_id',
      width: 110,
      render: (v: string) => <span data-testid="cell-patient-id">{v}</span>,
    },
    {
      title: t('fields.accession_no'),
      dataIndex: 'accession_no',
      width: 130,
      render: (v: string) => <span data-testid="cell-accession-no">{v}</span>,
    },
    {
      title: t('fields.modality'),
      dataIndex: 'modality',
      width: 96,
      render: (v: string) => <span data-testid="cell-modality">{v}</span>,
    },
    { title: t('fields.study_desc'), dataIndex: 'study_desc', width: 160, ellipsis: true },
    {
      title: t('fields.study_datetime'),
      dataIndex: 'study_datetime',
      width: 165,
      render: (v: string) => <span data-testid="cell-study-datetime">{v}</span>,
    },
    {
      title: t('fields.hospital_name'),
      dataIndex: 'hospital_name',
      width: 130,
      ellipsis: true,
      render: (v: string, r) => (
        <span data-testid="cell-hospital" data-hospital={r.hospital_code}>
          {v || r.hospital_code}
        </span>
      ),
    },
    { title: t('fields.department'), dataIndex: 'department', width: 100, ellipsis: true },
    { title: t('fields.report_doctor'), dataIndex: 'report_doctor', width: 100 },
    { title: t('fields.sh_doctor'), dataIndex: 'sh_doctor', width: 100 },
    { title: t('fields.report_datetime'), dataIndex: 'report_datetime', width: 165 },
  ];
}
