import { Alert, Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import type { VerifyResult, VerifyStatus } from '@shared/schemas/report-signature';

const ALERT: Record<VerifyStatus, 'success' | 'warning' | 'error' | 'info'> = {
  valid: 'success',
  mismatch: 'error',
  invalid: 'error',
  withdrawn: 'warning',
  superseded: 'info',
};

/** Who signed what and when, and whether the report still says what was signed. */
export function VerifyResultView({ result }: { result: VerifyResult }) {
  const { t } = useTranslation('verify');
  return (
    <div data-testid="verify-result" data-status={result.status}>
      <Alert
        type={ALERT[result.status]}
        showIcon
        title={t(`status.${result.status}.title`)}
        description={t(`status.${result.status}.text`)}
        style={{ marginBottom: 16 }}
      />
      <Descriptions bordered size="small" column={1} labelStyle={{ width: 200 }}>
        <Descriptions.Item label={t('field.signer')}>
          {result.signer_name} ({t(`role.${result.role}`)})
        </Descriptions.Item>
        <Descriptions.Item label={t('field.signedAt')}>{result.signed_at}</Descriptions.Item>
        <Descriptions.Item label={t('field.hospital')}>{result.hospital_name}</Descriptions.Item>
        <Descriptions.Item label={t('field.study')}>
          {result.study.patient_name} · {result.study.modality} · {result.study.study_desc} · {result.study.study_date}
        </Descriptions.Item>
        <Descriptions.Item label={t('field.accession')}>{result.study.accession_no}</Descriptions.Item>
        <Descriptions.Item label={t('field.certificate')}>
          {result.certificate.subject}
          <br />
          {t('field.issuer')}: {result.certificate.issuer} · {t('field.serial')}: {result.certificate.serial} ·{' '}
          {t('field.notAfter')}: {result.certificate.not_after}
        </Descriptions.Item>
        <Descriptions.Item label={t('field.algorithm')}>{result.algorithm}</Descriptions.Item>
        {result.pdf_sha256 && (
          <Descriptions.Item label={t('field.pdf')}>
            <code style={{ wordBreak: 'break-all' }}>{result.pdf_sha256}</code>
          </Descriptions.Item>
        )}
      </Descriptions>
    </div>
  );
}
