import { ApiOutlined, DisconnectOutlined, LoadingOutlined } from '@ant-design/icons';
import { Badge, Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { bridgeCore } from '../bridge';
import { useBridgeStatus } from '../hooks/use-bridge';

/** Header status: which path reaches the workstation, and in words what is missing; a click looks again. */
export function BridgeStatus({ dark, compact }: { dark?: boolean; compact?: boolean }) {
  const { t } = useTranslation('bridge');
  const s = useBridgeStatus();
  const lines: string[] = [t(`path.${s.path}`)];
  if (s.detected && !s.extension) lines.push(t('missing.extension'));
  if (s.detected && !s.agentUp) lines.push(t('missing.agent'));
  if (s.agentUp) lines.push(s.keys.length ? t('keys.present', { count: s.keys.length }) : t('keys.none'));
  if (s.extensionVersion) lines.push(t('version.extension', { version: s.extensionVersion }));
  if (s.agentVersion) lines.push(t('version.agent', { version: s.agentVersion }));
  const status = s.path === 'none' ? 'processing' : s.agentUp ? 'success' : s.extension ? 'warning' : 'default';
  const icon = s.path === 'none' ? <LoadingOutlined /> : s.agentUp ? <ApiOutlined /> : <DisconnectOutlined />;
  return (
    <Tooltip
      title={
        <div data-testid="bridge-status-detail">
          {lines.map((l) => (
            <div key={l}>{l}</div>
          ))}
        </div>
      }
    >
      <Button
        type="text"
        size="small"
        style={{ color: dark ? 'rgba(255,255,255,0.85)' : undefined }}
        // The visible word first: speech input users say what they see (WCAG 2.5.3).
        aria-label={[...(compact ? [] : [t(`short.${s.path}`)]), ...lines].join('. ')}
        data-testid="bridge-status"
        data-path={s.path}
        data-agent-up={String(s.agentUp)}
        data-keys={s.keys.length}
        onClick={() => bridgeCore.reconnect()}
      >
        <Badge status={status} />
        {icon}
        {!compact && <span>{t(`short.${s.path}`)}</span>}
      </Button>
    </Tooltip>
  );
}
