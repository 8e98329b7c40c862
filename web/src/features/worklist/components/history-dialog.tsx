import { FileTextOutlined, PictureOutlined } from '@ant-design/icons';
import { Button, Modal, Table, Tabs, Tooltip } from 'antd';
import { useState } from 'react';
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

function HistoryTable({ study, by }: { study: StudyRow; by: HistoryKey }) {
  const { t } = useTranslation('study');
  const navigate = useNavigate();
  const { data, isFetching } = useHistory(study, by);
  const columns = [
    ...studyColumns(t),
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
      dataSource={data ?? []}
      loading={isFetching}
      scroll={{ x: 1900, y: 400 }}
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
