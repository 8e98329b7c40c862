import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ScreenRoom } from '@shared/protocol/queue-screen';
import type { CallSettings } from '@shared/schemas/call-devices';
import { useClock } from '../hooks/use-clock';
import { patientLabel } from './patient-label';

const COLUMNS = ['room', 'doctor', 'current', 'waiting'] as const;
const ellipsis: CSSProperties = { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' };
const Text = ({ children }: { children: ReactNode }) => <span style={ellipsis}>{children}</span>;
const TEMPLATE = '1.2fr 1fr 1.6fr 2.6fr';

/** A room's current patient is marked for call_duration seconds after the call. */
const isFresh = (callTime: string, seconds: number, now: Date) =>
  now.getTime() - new Date(callTime).getTime() < seconds * 1000;

/** The header row with four column titles and one row per room of this page (names arrive masked). */
export function RoomTable({ rooms, settings: s }: { rooms: ScreenRoom[]; settings: CallSettings }) {
  const { t } = useTranslation('queueScreen');
  const now = useClock();
  const cell: CSSProperties = {
    padding: `${s.font_size / 3}px ${s.font_size / 2}px`,
    borderInlineEnd: `2px solid ${s.border_color}`,
    display: 'flex',
    alignItems: 'center',
    minWidth: 0,
  };
  const row: CSSProperties = {
    display: 'grid',
    gridTemplateColumns: TEMPLATE,
    borderBottom: `2px solid ${s.border_color}`,
    alignItems: 'stretch',
  };
  return (
    <div style={{ flex: 1, display: 'flex', flexDirection: 'column', fontSize: s.font_size, color: s.font_color }}>
      <div style={{ ...row, background: s.title_bg_color, fontWeight: 700 }} data-testid="screen-columns">
        {COLUMNS.map((c) => (
          <div key={c} style={cell}>
            <Text>{t(`columns.${c}`)}</Text>
          </div>
        ))}
      </div>
      {rooms.map((r) => {
        const fresh = r.current !== null && isFresh(r.current.call_time, s.call_duration, now);
        return (
          <div
            key={r.room_name}
            style={{
              ...row,
              flex: 1,
              maxHeight: `${100 / 5}%`,
              boxShadow: fresh ? `inset 0 0 0 4px ${s.title_bg_color}` : undefined,
            }}
            data-testid="screen-room"
            data-room={r.room_name}
          >
            <div style={{ ...cell, fontWeight: 700 }}>
              <Text>{r.room_name}</Text>
            </div>
            <div style={cell}>
              <Text>{r.doctor}</Text>
            </div>
            <div style={{ ...cell, fontWeight: 700 }} data-testid="screen-room-current">
              <Text>{r.current ? patientLabel(t, s.call_type, r.current) : ''}</Text>
            </div>
            <div style={cell} data-testid="screen-room-waiting">
              <Text>
                {r.waiting.map((w) => patientLabel(t, s.call_type, w)).join(t('separator'))}
                {r.waiting_count > r.waiting.length ? t('more', { count: r.waiting_count }) : ''}
              </Text>
            </div>
          </div>
        );
      })}
    </div>
  );
}
