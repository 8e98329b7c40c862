import { DownloadOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { testIdProp } from '@web/lib/test-id';

interface Props {
  onQuery: () => void;
  onReset: () => void;
  onExport?: () => void;
  loading?: boolean;
  exporting?: boolean;
}

/** Query, reset and (where the page exports) export, with the test ids the browser tests use. */
export function StatsButtons({ onQuery, onReset, onExport, loading, exporting }: Props) {
  const { t } = useTranslation('statistics');
  return (
    <>
      <Button
        type="primary"
        icon={<SearchOutlined />}
        onClick={onQuery}
        loading={loading}
        {...testIdProp('stats-query')}
      >
        {t('query')}
      </Button>
      <Button icon={<ReloadOutlined />} onClick={onReset} {...testIdProp('stats-reset')}>
        {t('reset')}
      </Button>
      {onExport && (
        <Button icon={<DownloadOutlined />} onClick={onExport} loading={exporting} {...testIdProp('stats-export')}>
          {t('export')}
        </Button>
      )}
    </>
  );
}
