import { WarningOutlined } from '@ant-design/icons';
import { Button, Popover, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { outdatedParts, useBridgeRequirements } from '../api/requirements';
import { useBridgeStatus } from '../hooks/use-bridge';

/**
 * In the header when the workstation's agent or extension is older than this installation needs: what to
 * update, from which version to which, and where to get it (or to ask IT when nothing is published).
 */
export function BridgeUpdateNotice({ dark, compact }: { dark?: boolean; compact?: boolean }) {
  const { t } = useTranslation('bridge');
  const s = useBridgeStatus();
  const need = useBridgeRequirements().data;
  const parts = need ? outdatedParts(s, need) : [];
  if (!need || !parts.length) return null;
  const content = (
    <div style={{ maxWidth: 360 }} data-testid="bridge-update-detail">
      {parts.map((p) => (
        <p key={p.part} style={{ margin: '0 0 8px' }}>
          {t(`update.${p.part}`, { version: p.version, required: p.required })}
        </p>
      ))}
      {need.download_url ? (
        <Typography.Link href={need.download_url} target="_blank" rel="noreferrer" data-testid="bridge-update-link">
          {t('update.download')}
        </Typography.Link>
      ) : (
        <Typography.Text type="secondary">{t('update.askIt')}</Typography.Text>
      )}
    </div>
  );
  return (
    <Popover content={content} title={t('update.title')} trigger={['click', 'hover']}>
      <Button
        type="text"
        size="small"
        danger
        icon={<WarningOutlined />}
        style={{ color: dark ? '#ffc53d' : undefined }}
        aria-label={t('update.title')}
        data-testid="bridge-update"
        data-parts={parts.map((p) => p.part).join(' ')}
      >
        {!compact && t('update.short')}
      </Button>
    </Popover>
  );
}
