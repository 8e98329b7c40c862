import { Badge, Space, Tabs, Tag, theme } from 'antd';
import type { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { QUEUE_STATES, type RoomCountSchema } from '@shared/schemas/queue';
import { STATE_COLORS } from '../lib/state-colors';

type RoomCount = z.infer<typeof RoomCountSchema>;

const waiting = (c: RoomCount | undefined) => (c ? c.states.number_taken + c.states.passed : 0);

/** One tab per room with how many wait there today; under it, today's count per state of the chosen room. */
export function RoomTabs(props: {
  rooms: string[];
  counts: RoomCount[];
  active: string;
  onChange: (room: string) => void;
}) {
  const { t } = useTranslation('queueDesk');
  const { token } = theme.useToken();
  const byRoom = new Map(props.counts.map((c) => [c.call_room, c]));
  const shown = props.active ? byRoom.get(props.active) : undefined;
  const states = QUEUE_STATES.map((s) => ({
    s,
    n: props.active ? (shown?.states[s] ?? 0) : props.counts.reduce((sum, c) => sum + c.states[s], 0),
  }));
  const label = (text: string, n: number) => (
    <Space size={6}>
      {text}
      <Badge count={n} showZero color={n ? token.colorPrimary : token.colorTextSecondary} overflowCount={999} />
    </Space>
  );
  return (
    <div data-testid="desk-rooms">
      <Tabs
        activeKey={props.active || '__all'}
        onChange={(k) => props.onChange(k === '__all' ? '' : k)}
        items={[
          {
            key: '__all',
            label: (
              <span data-testid="desk-room-tab-all">
                {label(
                  t('rooms.all'),
                  props.counts.reduce((s, c) => s + waiting(c), 0),
                )}
              </span>
            ),
          },
          ...props.rooms.map((r) => ({
            key: r,
            label: (
              <span data-testid="desk-room-tab" data-room={r} data-waiting={waiting(byRoom.get(r))}>
                {label(r, waiting(byRoom.get(r)))}
              </span>
            ),
          })),
        ]}
        tabBarStyle={{ marginBottom: 8 }}
      />
      <Space size={[4, 4]} wrap style={{ marginBottom: 12 }} data-testid="desk-state-counts">
        <span>{t('rooms.today')}</span>
        {states.map(({ s, n }) => (
          <Tag key={s} color={STATE_COLORS[s]} data-state={s} data-count={n}>
            {t(`states.${s}`)} {n}
          </Tag>
        ))}
      </Space>
    </div>
  );
}
