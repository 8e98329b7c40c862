import { FileTextOutlined, PictureOutlined } from '@ant-design/icons';
import { Button, Modal, Table, Tabs, Tag, Tooltip, type TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { HISTORY_KEYS, type HistoryKey, type StudyRow } from '@shared/schemas/order';
import { studyColumns } from '@web/components/study-columns';
import { OpenWorkstationButton } from '@web/features/agent-bridge/components/open-workstation-button';
import { openImageViewer } from '@web/features/image-viewer/open-viewer';
import { useHistory } from '../api/history';

const TAB_KEYS = {
  patient_id: 'history.samePatientId',
  patient_name: 'history.sameName',
  card_no: 'history.sameCardNo',
  patient_phone: 'history.samePhone',
} as const satisfies Record<HistoryKey, string>;

/** What tells a patient's studies apart, in an order that fits the dialog (about 930 px) without scrolling. */
const HISTORY_COLUMNS = [
  'patient_name',
  'study_datetime',
  'modality',
  'study_desc',
  'rpt_status',
  'report_datetime',
  'patient_id',
  'hospital_name',
] as const;

function historyColumns(t: TFunction<'study'>, current: string) {
  const all = studyColumns(t) as (TableColumnsType<StudyRow>[number] & { dataIndex?: string })[];
  return HISTORY_COLUMNS.map((key) => {
    const column = all.find((c) => c.dataIndex === key)!;
    if (key !== 'study_datetime') return column;
    // The study the dialog was opened from is marked, so the others read as its history.
    return {
      ...column,
      width: 190,
      render: (v: string, r: StudyRow, i: number) => (
        <>
          {(column.render as (v: string, r: StudyRow, i: number) => ReactNode)(v, r, i)}
          {r.study_iuid === current && (
            <Tag color="blue" style={{ marginInlineStart: 6 }} data-testid="history-current">
              {t('history.current')}
            </Tag>
          )}
        </>
      ),
    };
  });
}

/** The other studies (as the server answers them) with this one among them, newest study first. */
function withCurrent(study: StudyRow, others: StudyRow[] | undefined): StudyRow[] {
  if (!others) return [];
  const all = [study, ...others.filter((r) => r.study_iuid !== study.study_iuid)];
  return all.sort((a, b) => (b.study_datetime ?? '').localeCompare(a.study_datetime ?? ''));
}

function HistoryTable({ study, by }: { study: StudyRow; by: HistoryKey }) {
  const { t } = useTranslation('study');
  const navigate = useNavigate();
  const { data, isFetching } = useHistory(study, by);
  const columns = [
    ...historyColumns(t, study.study_iuid),
    {
      title: t('actions.title'),
      key: 'actions',
      fixed: 'right' as const,
      width: 120,
      render: (_: unknown, r: StudyRow) => (
        <span className="rx-table-row-actions">
          <Tooltip title={t('actions.viewReport')}>
            <Button
              type="link"
              size="small"
              icon={<FileTextOutlined />}
              aria-label={t('actions.viewReport')}
              onClick={() => navigate(`/writeRpt?study_iuid=${encodeURIComponent(r.study_iuid)}`)}
              data-testid="history-view-report"
            />
          </Tooltip>
          <OpenWorkstationButton studyIuid={r.study_iuid} testId="history-open-workstation" />
          <Tooltip title={t('actions.openImage')}>
            <Button
              type="link"
              size="small"
              icon={<PictureOutlined />}
              aria-label={t('actions.openImage')}
              onClick={() => openImageViewer(r.study_iuid)}
              data-testid="history-open-image"
            />
          </Tooltip>
        </span>
      ),
    },
  ];
  return (
    <Table<StudyRow>
      rowKey="study_iuid"
      size="small"
      columns={columns}
      dataSource={withCurrent(study, data)}
      loading={isFetching}
      scroll={{ y: 400 }}
      rowClassName={(r) => (r.study_iuid === study.study_iuid ? 'ant-table-row-selected' : '')}
      pagination={false}
      data-testid={`history-table-${by}`}
    />
  );
}

/** Other studies of the same patient, in four tabs: patient ID, name, ID card, phone. */
export function HistoryDialog({ study, onClose }: { study: StudyRow | null; onClose: () => void }) {
  const { t } = useTranslation('study');
  const [by, setBy] = useState<HistoryKey>('patient_id');
  return (
    <Modal
      open={!!study}
      title={t('history.title', { name: study?.patient_name ?? '' })}
      onCancel={onClose}
      footer={null}
      width={1100}
      destroyOnHidden
      afterClose={() => setBy('patient_id')}
      data-testid="history-dialog"
    >
      {study && (
        <Tabs
          activeKey={by}
          onChange={(k) => setBy(k as HistoryKey)}
          items={HISTORY_KEYS.map((k) => ({
            key: k,
            label: <span data-testid={`history-tab-${k}`}>{t(TAB_KEYS[k])}</span>,
            children: by === k ? <HistoryTable study={study} by={k} /> : null,
          }))}
        />
      )}
    </Modal>
  );
}
