import { App, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DELETE_REASON_MAX, DELETE_REASON_MIN } from '@shared/schemas/recycle';
import type { StudyRow } from '@shared/schemas/order';
import { testIdProp } from '@web/lib/test-id';
import { deleteStudies } from '../api/delete-study';

type Target = Pick<StudyRow, 'study_iuid' | 'patient_name' | 'patient_id' | 'modality' | 'accession_no'>;

/** Deleting one study to the recycle bin (order:delete): its reason is required; opened from the row's menu. */
export function DeleteStudyDialog({ study, onClose }: { study: Target; onClose: () => void }) {
  const { t } = useTranslation('recycle');
  const { message } = App.useApp();
  const [form] = Form.useForm<{ reason: string }>();
  const [busy, setBusy] = useState(false);
  const submit = async ({ reason }: { reason: string }) => {
    setBusy(true);
    try {
      await deleteStudies({ study_iuids: [study.study_iuid], reason: reason.trim() });
      void message.success(t('deleteDialog.done'));
      onClose();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={t('deleteDialog.title')}
      okText={t('deleteDialog.ok')}
      okButtonProps={{ danger: true, loading: busy, ...testIdProp('delete-study-ok') }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      data-testid="delete-study-dialog"
    >
      <Typography.Paragraph>
        {t('deleteDialog.intro', {
          name: study.patient_name || study.patient_id,
          modality: study.modality,
          accession: study.accession_no || '-',
        })}
      </Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={submit}>
        <Form.Item
          name="reason"
          label={t('deleteDialog.reason')}
          rules={[
            {
              required: true,
              whitespace: true,
              min: DELETE_REASON_MIN,
              max: DELETE_REASON_MAX,
              message: t('deleteDialog.reasonRequired'),
            },
          ]}
        >
          <Input.TextArea
            rows={3}
            maxLength={DELETE_REASON_MAX}
            showCount
            autoFocus
            data-testid="delete-study-reason"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
