import dayjs from 'dayjs';
import type { ScreenDevice } from '@shared/protocol/queue-screen';
import { useClock } from '../hooks/use-clock';

/** Hospital name in the middle, the department on the left, the clock (ticking each second) on the right. */
export function ScreenHeader({ device }: { device: ScreenDevice }) {
  const now = useClock();
  const s = device.settings;
  return (
    <header
      style={{
        display: 'grid',
        gridTemplateColumns: '1fr auto 1fr',
        alignItems: 'center',
        padding: `${s.font_size / 2}px ${s.font_size}px`,
        background: s.title_bg_color,
        color: s.font_color,
      }}
    >
      <span data-testid="screen-department" style={{ fontSize: s.font_size }}>
        {device.department}
      </span>
      <h1 data-testid="screen-hospital" style={{ margin: 0, fontSize: s.title_font_size, fontWeight: 700 }}>
        {device.hospital_name}
      </h1>
      <span
        data-testid="screen-clock"
        style={{ fontSize: s.font_size, textAlign: 'end', fontVariantNumeric: 'tabular-nums' }}
      >
        {dayjs(now).format('YYYY-MM-DD HH:mm:ss dddd')}
      </span>
    </header>
  );
}
