import { Form, Input, Modal, Radio } from 'antd';
import type { ButtonProps } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReportDetail } from '@shared/schemas/report';
import { useEditorStore } from '../stores/editor-store';

interface CriticalForm {
  is_critical: 0 | 1;
  danger_val: string;
}

/** Critical value: set with its text, or delete. */
export function CriticalModal({
  open,
  report,
  onClose,
  onSubmit,
}: {
  open: boolean;
  report: ReportDetail;
  onClose: () => void;
  onSubmit: (isCritical: 0 | 1, text: string) => Promise<boolean>;
}) {
  const { t } = useTranslation('report');
  const [form] = Form.useForm<CriticalForm>();
  const busy = useEditorStore((s) => s.busy);
  const isCritical = Form.useWatch('is_critical', form);
  useEffect(() => {
    if (open) form.setFieldsValue({ is_critical: 1, danger_val: report.danger_val });
  }, [open, report, form]);
  const finish = async (v: CriticalForm) => {
    if (await onSubmit(v.is_critical, v.is_critical ? v.danger_val.trim() : '')) onClose();
  };
  return (
    <Modal
      open={open}
      title={t('critical.title')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={busy === 'critical'}
      okButtonProps={{ 'data-testid': 'rw-critical-ok' } as ButtonProps}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={finish} data-testid="rw-critical">
        <Form.Item name="is_critical" label={t('critical.state')}>
          <Radio.Group>
            <Radio value={1}>{t('critical.set')}</Radio>
            <Radio value={0} disabled={!report.is_critical}>
              {t('critical.delete')}
            </Radio>
          </Radio.Group>
        </Form.Item>
        <Form.Item
          name="danger_val"
          label={t('critical.text')}
          rules={[{ required: isCritical === 1, whitespace: true, message: t('critical.required') }, { max: 500 }]}
        >
          <Input.TextArea rows={4} disabled={isCritical === 0} data-testid="rw-critical-text" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
