import { Alert, Form, Input, Modal } from 'antd';
import type { ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { ADDENDUM_MAX, type ReportDetail } from '@shared/schemas/report';
import { useEditorStore } from '../stores/editor-store';

/**
 * An addendum to the audited report (issue 41): the signed original is not touched; the addition is signed with
 * the caller's name and time, printed after the report and sent again as an amended report.
 */
export function AddendumModal({
  open,
  report,
  onClose,
  onSubmit,
}: {
  open: boolean;
  report: ReportDetail;
  onClose: () => void;
  onSubmit: (text: string) => Promise<boolean>;
}) {
  const { t } = useTranslation('report');
  const [form] = Form.useForm<{ text: string }>();
  const busy = useEditorStore((s) => s.busy);
  const next = (report.addenda?.length ?? 0) + 1;
  const finish = async (v: { text: string }) => {
    if (await onSubmit(v.text.trim())) onClose();
  };
  return (
    <Modal
      open={open}
      title={t('addendum.title', { n: next })}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('addendum.sign')}
      confirmLoading={busy === 'addendum'}
      okButtonProps={{ 'data-testid': 'rw-addendum-ok' } as ButtonProps}
      destroyOnHidden
      width={640}
    >
      <Alert type="info" showIcon title={t('addendum.note')} style={{ marginBottom: 12 }} />
      <Form form={form} layout="vertical" onFinish={finish} data-testid="rw-addendum" preserve={false}>
        <Form.Item
          name="text"
          label={t('addendum.text')}
          rules={[
            { required: true, whitespace: true, message: t('addendum.required') },
            { max: ADDENDUM_MAX, message: t('addendum.tooLong', { max: ADDENDUM_MAX }) },
          ]}
        >
          <Input.TextArea rows={6} showCount maxLength={ADDENDUM_MAX} autoFocus data-testid="rw-addendum-text" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
