import { useTranslation } from 'react-i18next';
import type { ConnectionStatus } from '@web/lib/reconnecting-socket';

const DOT: Record<ConnectionStatus, string> = {
  connecting: '#faad14',
  open: '#52c41a',
  broken: '#ff4d4f',
  retrying: '#ff4d4f',
};

/** The connection, said quietly in a corner (spec: connection succeeded / broken / disconnected, retrying). */
export function ConnectionBadge({ status, fontSize }: { status: ConnectionStatus; fontSize: number }) {
  const { t } = useTranslation('queueScreen');
  return (
    <span data-testid="screen-status" data-status={status} style={{ fontSize, opacity: 0.75, whiteSpace: 'nowrap' }}>
      <span
        style={{
          display: 'inline-block',
          width: fontSize * 0.6,
          height: fontSize * 0.6,
          borderRadius: '50%',
          background: DOT[status],
          marginInlineEnd: fontSize * 0.3,
        }}
      />
      {t(`status.${status}`)}
    </span>
  );
}
