import { KeyOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input, Select } from 'antd';
import dayjs from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { KeyToken } from '@shared/agent/api';
import { CERT_PIN_MIN } from '@shared/schemas/cert';

export interface PinFormValues {
  certificate_id: string;
  pin: string;
}
interface FieldValues {
  /** slot/id: the same certificate id can exist on two tokens. */
  choice: string;
  pin: string;
}

interface PinFormProps {
  keys: KeyToken[];
  pinMax: number;
  busy: boolean;
  error: string;
  submitText: string;
  onSubmit: (v: PinFormValues) => void;
  testIdPrefix: string;
}

/** Certificate choice (only when the keys hold several), PIN, submit; Enter submits. */
export function PinForm({ keys, pinMax, busy, error, submitText, onSubmit, testIdPrefix }: PinFormProps) {
  const { t } = useTranslation('account');
  const [form] = Form.useForm<FieldValues>();
  const certs = keys.flatMap((k) => k.certificates.map((c) => ({ value: `${k.slot}/${c.id}`, key: k, cert: c })));
  const first = certs[0]?.value ?? '';

  // A key inserted or removed while the form is open: keep the choice valid.
  useEffect(() => {
    const current = form.getFieldValue('choice') as string | undefined;
    if (!certs.some((c) => c.value === current)) form.setFieldValue('choice', first);
  });

  const finish = (v: FieldValues) => {
    const chosen = certs.find((c) => c.value === v.choice);
    if (chosen) onSubmit({ certificate_id: chosen.cert.id, pin: v.pin });
  };

  const pinRules = [
    { required: true, message: t('cert.pinRequired') },
    { min: CERT_PIN_MIN, max: pinMax, message: t('cert.pinLength', { min: CERT_PIN_MIN, max: pinMax }) },
  ];

  return (
    <Form
      form={form}
      layout="vertical"
      onFinish={finish}
      initialValues={{ choice: first, pin: '' }}
      autoComplete="off"
      data-testid={`${testIdPrefix}-form`}
    >
      {error && (
        <Form.Item>
          <Alert type="error" showIcon title={error} data-testid={`${testIdPrefix}-error`} />
        </Form.Item>
      )}
      {certs.length === 0 && (
        <Form.Item>
          <Alert type="warning" showIcon title={t('cert.noCertificate')} />
        </Form.Item>
      )}
      <Form.Item
        name="choice"
        label={t('cert.certificate')}
        hidden={certs.length < 2}
        rules={[{ required: true, message: t('cert.noCertificate') }]}
      >
        <Select
          data-testid={`${testIdPrefix}-cert`}
          options={certs.map(({ value, key, cert }) => ({
            value,
            label: `${cert.subject} · ${key.label} · ${t('cert.validTo', { date: dayjs(cert.notAfter).format('YYYY-MM-DD') })}`,
          }))}
          suffixIcon={<SafetyCertificateOutlined />}
        />
      </Form.Item>
      <Form.Item name="pin" label={t('cert.pin')} rules={pinRules}>
        <Input.Password
          prefix={<KeyOutlined />}
          placeholder={t('cert.pinPlaceholder')}
          maxLength={pinMax}
          autoFocus
          data-testid={`${testIdPrefix}-pin`}
        />
      </Form.Item>
      <Button
        type="primary"
        htmlType="submit"
        block
        loading={busy}
        disabled={certs.length === 0}
        data-testid={`${testIdPrefix}-submit`}
      >
        {submitText}
      </Button>
    </Form>
  );
}
