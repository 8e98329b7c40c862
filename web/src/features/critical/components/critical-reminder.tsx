import { AlertOutlined } from '@ant-design/icons';
import { App, Badge, Button, Drawer, Empty, Tooltip } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCriticalPush } from '@web/lib/critical-push';
import { useSessionStore } from '@web/lib/session-store';
import { useMyCritical } from '../api/critical-api';
import { CriticalCard } from './critical-card';

/**
 * The header's critical results: a red badge while results wait for the user's acknowledgement (their
 * department's, and escalated ones for those who manage them), a notice when one is pushed, and a drawer to
 * read and acknowledge each. Nothing shows while none waits.
 */
export function CriticalReminder({ dark }: { dark: boolean }) {
  const { t } = useTranslation('critical');
  const { notification } = App.useApp();
  const signedIn = useSessionStore((s) => !!s.token);
  const mine = useMyCritical(signedIn);
  const [open, setOpen] = useState(false);
  const seq = useCriticalPush((s) => s.seq);

  useEffect(() => {
    const m = useCriticalPush.getState().last;
    if (!m) return;
    const key = `critical-${m.pk}`;
    if (m.closed) return void notification.destroy(key);
    notification.error({
      key,
      duration: 0,
      title: t(m.escalated ? 'pushEscalated' : 'pushTitle', { patient: m.patient_name }),
      description: m.text,
      actions: (
        <Button
          type="primary"
          danger
          size="small"
          onClick={() => {
            notification.destroy(key);
            setOpen(true);
          }}
          data-testid="critical-push-open"
        >
          {t('openToAcknowledge')}
        </Button>
      ),
      props: { 'data-testid': 'critical-push' } as object,
    });
  }, [seq, notification, t]);

  const rows = mine.data ?? [];
  // The last one acknowledged: the drawer has done its work (state adjusted while rendering, as React advises).
  const [waited, setWaited] = useState(rows.length);
  if (waited !== rows.length) {
    setWaited(rows.length);
    if (!rows.length) setOpen(false);
  }
  if (!rows.length && !open) return null;
  return (
    <>
      <Tooltip title={t('waiting', { count: rows.length })}>
        <Badge count={rows.length} size="small" offset={[-4, 4]}>
          <Button
            type="text"
            danger
            icon={<AlertOutlined />}
            style={dark ? { color: '#ff7875' } : undefined}
            aria-label={t('waiting', { count: rows.length })}
            onClick={() => setOpen(true)}
            data-testid="critical-reminder"
          />
        </Badge>
      </Tooltip>
      <Drawer
        open={open}
        title={t('drawerTitle')}
        size={480}
        onClose={() => setOpen(false)}
        data-testid="critical-drawer"
      >
        {!rows.length && <Empty description={t('noneWaiting')} />}
        {rows.map((r) => (
          <CriticalCard key={r.pk} row={r} />
        ))}
      </Drawer>
    </>
  );
}
