import { Result, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** The request cannot be answered at its redirect URI: said here, and the browser stays (RFC 6749 §4.1.2.1). */
export function OauthError({ problem, detail }: { problem: string; detail?: string }) {
  const { t } = useTranslation('apps');
  return (
    <Result
      status="error"
      title={t('oauth.errorTitle')}
      subTitle={t('oauth.errorHelp')}
      data-testid="oauth-error"
      data-problem={problem}
    >
      <Typography.Paragraph style={{ marginBottom: 0 }} data-testid="oauth-error-text">
        {detail || t(`oauth.problems.${problem}` as 'oauth.problems.unknown')}
      </Typography.Paragraph>
    </Result>
  );
}
