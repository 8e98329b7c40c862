import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

/** Screens of the spec that are not built yet. */
export function InDevelopment() {
  const { t } = useTranslation();
  return (
    <Result
      status="info"
      title={t('inDevelopment.title')}
      subTitle={t('inDevelopment.subTitle')}
      extra={
        <Link to="/orderList">
          <Button type="primary">{t('backToList')}</Button>
        </Link>
      }
      data-testid="in-development"
    />
  );
}
