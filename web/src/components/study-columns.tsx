import { Tag, type TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import type { StudyRow } from '@shared/schemas/order';
import { PatientSex } from './patient-sex';
import { RptStatusTag } from './rpt-status-tag';

const TIME_WIDTH = 132;

/** "YYYY-MM-DD HH:mm:ss" shown to the minute so the time columns fit at 1440 px; the title keeps the seconds. */
export const toMinute = (v: string | null | undefined) =>
  v && /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d/.test(v) ? v.slice(0, 16) : (v ?? '');

/** Minutes as the largest two units: "2 d 3 h", "2 h 15 min", "45 min". */
export function waitedText(t: TFunction<'study'>, minutes: number): string {
  const d = Math.floor(minutes / 1440);
  const h = Math.floor((minutes % 1440) / 60);
  const m = minutes % 60;
  const parts = d
    ? [
        ['d', d],
        ['h', h],
      ]
    : h
      ? [
          ['h', h],
          ['m', m],
        ]
      : [['m', m]];
  return parts
    .filter(([, n], i) => i === 0 || n)
    .map(([unit, n]) => t(`waited.${unit as 'd' | 'h' | 'm'}`, { n }))
    .join(' ');
}

/** A value clipped to its cell with an ellipsis and whole on hover; the column's title still wraps. */
const CLIP = { display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;
const clipped = (testId?: string) => (v: string | null) => (
  <span data-testid={testId} title={v ?? undefined} style={CLIP}>
    {v}
  </span>
);

/**
 * The study fields shown by the worklist, the favourites and the history dialog. A value wider than its
 * column (a 15-character accession number, a long romanised name) ends in an ellipsis inside its cell and
 * shows whole on hover, never over the next column.
 */
export function studyColumns(t: TFunction<'study'>, o: { hospital?: boolean } = {}): TableColumnsType<StudyRow> {
  // Widths fit name to auditor beside the actions at 1440 px with the side menu open (docs/decisions.md).
  const columns: TableColumnsType<StudyRow> = [
    {
      title: t('fields.patient_name'),
      dataIndex: 'patient_name',
      width: 76,
      fixed: 'left',
      render: clipped('cell-patient-name'),
    },
    {
      // Narrow: its header is the short word with the whole one on hover; the sorter is the list's. Not fixed:
      // a fixed cell's shadow would count as overflow of an empty cell.
      title: <span title={t('fields.priority')}>{t('priorityShort')}</span>,
      dataIndex: 'priority',
      width: 56,
      className: 'rx-priority-cell',
      render: (v: number) =>
        v === 1 ? (
          <Tag color="volcano" data-testid="cell-urgent" className="rx-tag-tight">
            {t('priority.urgent')}
          </Tag>
        ) : null,
    },
    {
      title: t('fields.rpt_status'),
      dataIndex: 'rpt_status',
      width: 108,
      // A critical result and a failed delivery to the hospital system are tagged under the status
      // (docs/report-products.md); urgency has the priority column.
      render: (v: number, r: StudyRow) => (
        <>
          <RptStatusTag status={v} />
          {r.is_critical === 1 && (
            <Tag color="red" data-testid="cell-critical" style={{ marginTop: 2 }}>
              {t('criticalTag')}
            </Tag>
          )}
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
      // Wide enough for "Unknown" (63 px); the patient id, accession number and study gave the 16 px.
      width: 80,
      render: (v: string) => (
        <span data-testid="cell-patient-sex" style={CLIP}>
          <PatientSex value={v} />
        </span>
      ),
    },
    { title: t('fields.patient_age'), dataIndex: 'patient_age', width: 48, render: clipped() },
    {
      title: t('fields.patient_id'),
      dataIndex: 'patient_id',
      width: 80,
      render: clipped('cell-patient-id'),
    },
    {
      title: t('fields.accession_no'),
      dataIndex: 'accession_no',
      width: 100,
      render: clipped('cell-accession-no'),
    },
    {
      title: t('fields.modality'),
      dataIndex: 'modality',
      width: 76,
      render: clipped('cell-modality'),
    },
    { title: t('fields.study_desc'), dataIndex: 'study_desc', width: 92, ellipsis: true },
    {
      title: t('fields.study_datetime'),
      dataIndex: 'study_datetime',
      width: TIME_WIDTH,
      render: (v: string, r: StudyRow) => (
        <>
          <span data-testid="cell-study-datetime" title={v}>
            {toMinute(v)}
          </span>
          <div className="rx-cell-waited" data-testid="cell-waited" data-minutes={r.waited_minutes}>
            {t(r.rpt_status === 2 ? 'waited.took' : 'waited.waiting', { time: waitedText(t, r.waited_minutes) })}
          </div>
        </>
      ),
    },
    { title: t('fields.report_doctor'), dataIndex: 'report_doctor', width: 72, render: clipped() },
    { title: t('fields.sh_doctor'), dataIndex: 'sh_doctor', width: 72, render: clipped() },
    // After the doctors: a super administrator's extra column would push the auditor under the pinned actions
    // at 1440 px (issue 40); the hospital follows them, one scroll away.
    {
      title: t('fields.hospital_name'),
      dataIndex: 'hospital_name',
      width: 100,
      ellipsis: true,
      render: (v: string, r) => (
        <span data-testid="cell-hospital" data-hospital={r.hospital_code} title={v || r.hospital_code}>
          {v || r.hospital_code}
        </span>
      ),
    },
    {
      title: t('fields.report_datetime'),
      dataIndex: 'report_datetime',
      width: TIME_WIDTH,
      render: (v: string) => (
        <span data-testid="cell-report-datetime" title={v}>
          {toMinute(v)}
        </span>
      ),
    },
    { title: t('fields.department'), dataIndex: 'department', width: 88, ellipsis: true },
  ];
  // A user of one hospital sees only its studies: the column would repeat one name on every row.
  return o.hospital === false ? columns.filter((c) => !('dataIndex' in c && c.dataIndex === 'hospital_name')) : columns;
}
