import { MailOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EMAIL_MAX, type ResendActivation } from '@shared/schemas/registration';
import { useFormSave } from '@web/components/form/use-form-save';
import { useResendActivation } from '../api/registration';
import { registerRules } from '../lib/register-rules';

/** "Send a new link": the server answers the same whether or not the address awaits activation. */
export function ResendActivationForm() {
  const { t } = useTranslation('registration');
  const [form] = Form.useForm<ResendActivation>();
  const [sent, setSent] = useState('');
  const rules = useMemo(() => registerRules(t, form, false), [t, form]);
  const resend = useResendActivation();
  const { saving, save } = useFormSave(form, async (v: ResendActivation) => {
    await resend.mutateAsync({ email: v.email.trim() });
    setSent(t('activate.resent'));
  });
  if (sent) return <Alert type="success" showIcon title={sent} data-testid="activate-resent" />;
  return (
    <Form form={form} layout="vertical" onFinish={(v) => void save(v)} data-testid="activate-resend-form">
      <Form.Item name="email" label={t('activate.resendLabel')} rules={rules.email}>
        <Input prefix={<MailOutlined />} maxLength={EMAIL_MAX} inputMode="email" data-testid="activate-resend-email" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={saving} data-testid="activate-resend-submit">
        {t('activate.resend')}
      </Button>
    </Form>
  );
}
