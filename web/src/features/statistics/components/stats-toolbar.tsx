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
      {onExport && <StatsExportButton onExport={onExport} exporting={exporting} />}
    </>
  );
}

/** The export of one table or chart (a page with several has one per table: `testId` tells them apart). */
export function StatsExportButton({
  onExport,
  exporting,
  testId = 'stats-export',
  compact,
}: {
  onExport: () => void;
  exporting?: boolean;
  testId?: string;
  /** Icon only (chart cards), the text as its tooltip and label. */
  compact?: boolean;
}) {
  const { t } = useTranslation('statistics');
  return (
    <Button
      icon={<DownloadOutlined />}
      onClick={onExport}
      loading={exporting}
      size={compact ? 'small' : undefined}
      type={compact ? 'text' : undefined}
      title={compact ? t('export') : undefined}
      aria-label={compact ? t('export') : undefined}
      {...testIdProp(testId)}
    >
      {compact ? null : t('export')}
    </Button>
  );
}
