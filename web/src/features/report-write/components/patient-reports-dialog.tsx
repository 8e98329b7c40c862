import { FileTextOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Modal, Table, Tooltip, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StudyRow } from '@shared/schemas/order';
import { studyColumns } from '@web/components/study-columns';
import { apiPost } from '@web/lib/api-client';
import { openSignedInTab } from '@web/lib/signed-in-tab';

const SHOWN = ['patient_name', 'patient_id', 'study_datetime', 'modality', 'study_desc', 'rpt_status'] as const;

/** Whom a patient-info save would join: the studies of the hospital filed under that patient ID. */
export interface PatientReportsOf {
  study_iuid: string;
  hospital_code: string;
  patient_id: string;
}

/**
 * The reports a patient ID already has (the patient-info save's "this patient has several reports" answer),
 * each openable in a new tab so the edit in progress stays.
 */
export function PatientReportsDialog({ of, onClose }: { of: PatientReportsOf | null; onClose: () => void }) {
  const { t } = useTranslation(['report', 'study']);
  const { t: ts } = useTranslation('study');
  const rows = useQuery({
    queryKey: ['history', of?.study_iuid, 'patient_id', of?.patient_id],
    enabled: !!of,
    queryFn: ({ signal }) => apiPost<StudyRow[]>('/api/order/historyList', of, { signal }),
  });
  const all = studyColumns(ts) as (TableColumnsType<StudyRow>[number] & { dataIndex?: string })[];
  const columns: TableColumnsType<StudyRow> = [
    ...SHOWN.map((k) => all.find((c) => c.dataIndex === k)!),
    {
      title: t('study:actions.title'),
      key: 'open',
      width: 64,
      render: (_: unknown, r: StudyRow) => (
        <Tooltip title={t('study:actions.viewReport')}>
          <Button
            type="link"
            size="small"
            icon={<FileTextOutlined />}
            aria-label={t('study:actions.viewReport')}
            onClick={() => openSignedInTab(`/writeRpt?study_iuid=${encodeURIComponent(r.study_iuid)}`)}
            data-testid="rw-patient-reports-open"
          />
        </Tooltip>
      ),
    },
  ];
  return (
    <Modal
      open={!!of}
      title={t('patient.reportsTitle', { id: of?.patient_id ?? '' })}
      onCancel={onClose}
      footer={null}
      width={960}
      destroyOnHidden
      data-testid="rw-patient-reports"
    >
      <Table<StudyRow>
        rowKey="study_iuid"
        size="small"
        columns={columns}
        dataSource={rows.data ?? []}
        loading={rows.isFetching}
        pagination={false}
        scroll={{ y: 400 }}
        data-testid="rw-patient-reports-table"
      />
    </Modal>
  );
}

/** The save's refusal: its message, and whose reports the button shows. */
export interface PatientTaken {
  msg: string;
  of: PatientReportsOf;
}

/** The server's message with the spec's extra button that shows the patient's reports. */
export function PatientTakenAlert({ taken }: { taken: PatientTaken }) {
  const { t } = useTranslation('report');
  const [show, setShow] = useState(false);
  return (
    <>
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 16 }}
        title={taken.msg}
        action={
          <Button size="small" onClick={() => setShow(true)} data-testid="rw-patient-reports-show">
            {t('patient.showReports')}
          </Button>
        }
        data-testid="rw-patient-taken"
      />
      <PatientReportsDialog of={show ? taken.of : null} onClose={() => setShow(false)} />
    </>
  );
}
