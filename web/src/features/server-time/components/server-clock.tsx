import { ClockCircleOutlined } from '@ant-design/icons';
import { App, Button, Popconfirm } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CLOCK_TICK_MS } from '@shared/constants';
import { useSyncServerTime } from '../api/server-time';
import { hospitalTime, useHospitalZone } from '@web/lib/hospital-time';
import { useClockStore } from '../stores/clock-store';

/** The server's time in the hospital's zone, ticking every second; a click offers to sync with the server again. */
export function ServerClock({ dark = false }: { dark?: boolean }) {
  const { t } = useTranslation('shell');
  const { message } = App.useApp();
  const offset = useClockStore((s) => s.offsetMs);
  useHospitalZone();
  const sync = useSyncServerTime();
  const [now, setNow] = useState(() => Date.now());
  const { mutate } = sync;

  useEffect(() => {
    mutate();
  }, [mutate]);
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now()), CLOCK_TICK_MS);
    return () => window.clearInterval(id);
  }, []);

  return (
    <Popconfirm
      title={t('clock.syncConfirm')}
      okText={t('clock.sync')}
      onConfirm={async () => {
        await sync.mutateAsync();
        void message.success(t('clock.synced'));
      }}
    >
      <Button
        type="text"
        icon={<ClockCircleOutlined />}
        loading={sync.isPending}
        style={dark ? { color: 'rgba(255,255,255,0.85)' } : undefined}
        data-testid="server-clock"
      >
        <span style={{ fontVariantNumeric: 'tabular-nums' }}>{hospitalTime(now + offset)}</span>
      </Button>
    </Popconfirm>
  );
}
