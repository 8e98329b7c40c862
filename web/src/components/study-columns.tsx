import { Tag, type TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import type { StudyRow } from '@shared/schemas/order';
import { RptStatusTag } from './rpt-status-tag';

const SEX_KEYS = { M: 'sex.M', F: 'sex.F' } as const;
const TIME_WIDTH = 132;

/** "YYYY-MM-DD HH:mm:ss" shown to the minute so the time columns fit at 1440 px; the title keeps the seconds. */
export const toMinute = (v: string | null | undefined) =>
  v && /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d/.test(v) ? v.slice(0, 16) : (v ?? '');

/** The study fields shown by the worklist, the favourites and the history dialog. */
export function studyColumns(t: TFunction<'study'>): TableColumnsType<StudyRow> {
  // Widths fit name to auditor beside the actions at 1440 px with the side menu open (docs/decisions.md).
  return [
    {
      title: t('fields.patient_name'),
      dataIndex: 'patient_name',
      width: 76,
      fixed: 'left',
      render: (v: string) => <span data-testid="cell-patient-name">{v}</span>,
    },
    {
      title: t('fields.rpt_status'),
      dataIndex: 'rpt_status',
      width: 108,
      // A failed delivery to the hospital system shows beside the status (docs/report-products.md).
      render: (v: number, r: StudyRow) => (
        <>
          <RptStatusTag status={v} />
          {r.delivery_status === 'failed' && (
            <Tag color="error" data-testid="cell-delivery-failed" style={{ marginTop: 2 }}>
              {t('deliveryFailed')}
            </Tag>
          )}
        </>
      ),
    },
    {
      title: t('fields.patient_sex'),
      dataIndex: 'patient_sex',
      width: 64,
      render: (v: string) => (v in SEX_KEYS ? t(SEX_KEYS[v as keyof typeof SEX_KEYS]) : t('sex.other')),
    },
    { title: t('fields.patient_age'), dataIndex: 'patient_age', width: 48 },
    {
      title: t('fields.patient_id'),
      dataIndex: 'patient_id',
      width: 84,
      render: (v: string) => <span data-testid="cell-patient-id">{v}</span>,
    },
    {
      title: t('fields.accession_no'),
      dataIndex: 'accession_no',
      width: 104,
      render: (v: string) => <span data-testid="cell-accession-no">{v}</span>,
    },
    {
      title: t('fields.modality'),
      dataIndex: 'modality',
      width: 76,
      render: (v: string) => <span data-testid="cell-modality">{v}</span>,
    },
    { title: t('fields.study_desc'), dataIndex: 'study_desc', width: 100, ellipsis: true },
    {
      title: t('fields.study_datetime'),
      dataIndex: 'study_datetime',
      width: TIME_WIDTH,
      render: (v: string) => (
        <span data-testid="cell-study-datetime" title={v}>
          {toMinute(v)}
        </span>
      ),
    },
    {
      title: t('fields.hospital_name'),
      dataIndex: 'hospital_name',
      width: 100,
      ellipsis: true,
      render: (v: string, r) => (
        <span data-testid="cell-hospital" data-hospital={r.hospital_code}>
          {v || r.hospital_code}
        </span>
      ),
    },
    { title: t('fields.report_doctor'), dataIndex: 'report_doctor', width: 72 },
    { title: t('fields.sh_doctor'), dataIndex: 'sh_doctor', width: 72 },
    {
      title: t('fields.report_datetime'),
      dataIndex: 'report_datetime',
      width: TIME_WIDTH,
      render: (v: string) => <span title={v}>{toMinute(v)}</span>,
    },
    { title: t('fields.department'), dataIndex: 'department', width: 88, ellipsis: true },
  ];
}
