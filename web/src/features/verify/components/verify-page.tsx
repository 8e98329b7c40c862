import { SafetyCertificateOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Divider, Form, Input, Space, Typography, Upload } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { normaliseVerifyCode } from '@shared/report/signature';
import { isApiError } from '@web/lib/api-error';
import { useVerifyCode, useVerifyPdf } from '../api/verify-api';
import { VerifyResultView } from './verify-result';

/**
 * /verify (no sign-in): anyone holding a printed report types its verification code (or opens the QR code's
 * address, which carries it), or uploads the PDF, and reads who signed it, when, and whether it still matches.
 */
export function VerifyPage() {
  const { t } = useTranslation('verify');
  const [params, setParams] = useSearchParams();
  const byCode = useVerifyCode();
  const byPdf = useVerifyPdf();
  const [form] = Form.useForm<{ code: string }>();
  const fromAddress = params.get('code') ?? '';

  const check = ({ code }: { code: string }) => {
    byPdf.reset();
    setParams({ code: code.trim() }, { replace: true });
    byCode.mutate(code);
  };

  useEffect(() => {
    // The QR code's address names the code: check at once.
    if (fromAddress && normaliseVerifyCode(fromAddress)) byCode.mutate(fromAddress);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const active = byPdf.data || byPdf.error ? byPdf : byCode;
  const error = isApiError(active.error) ? active.error.message : active.error ? t('failed') : '';
  return (
    <div style={{ maxWidth: 860, margin: '32px auto', padding: '0 16px' }} data-testid="verify-page">
      <Card
        title={
          <Space>
            <SafetyCertificateOutlined />
            {t('title')}
          </Space>
        }
      >
        <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
        <Form form={form} layout="inline" initialValues={{ code: fromAddress }} onFinish={check}>
          <Form.Item
            name="code"
            label={t('code')}
            rules={[
              { required: true, message: t('codeRequired') },
              {
                validator: async (_, v: string) =>
                  !v || normaliseVerifyCode(v) ? undefined : Promise.reject(new Error(t('codeFormat'))),
              },
            ]}
          >
            <Input
              placeholder="ABCD-EFGH-JKMN-PQRS"
              maxLength={40}
              autoComplete="off"
              style={{ width: 260, fontFamily: 'monospace' }}
              data-testid="verify-code"
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={byCode.isPending} data-testid="verify-submit">
            {t('check')}
          </Button>
        </Form>
        <Divider plain>{t('or')}</Divider>
        <Upload
          accept=".pdf,application/pdf"
          maxCount={1}
          showUploadList={false}
          beforeUpload={(file) => {
            byCode.reset();
            byPdf.mutate(file);
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} loading={byPdf.isPending} data-testid="verify-pdf">
            {t('uploadPdf')}
          </Button>
        </Upload>
        <div style={{ marginTop: 24 }}>
          {error && <Alert type="error" showIcon title={error} data-testid="verify-error" />}
          {active.data && <VerifyResultView result={active.data} />}
        </div>
      </Card>
    </div>
  );
}
