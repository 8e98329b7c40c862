import { Button, Card, Empty, Space, Statistic, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { QueueAction, Registration } from '@shared/schemas/queue';
import { deskNo } from '../lib/desk-no';
import { STATE_COLORS } from '../lib/state-colors';

const CURRENT_ACTIONS: QueueAction[] = ['callAgain', 'pass', 'checking', 'complete'];

interface Props {
  /** The patient in the room, if any. */
  current: Registration | undefined;
  allowed: (action: QueueAction, r: Registration) => boolean;
  onAct: (action: QueueAction, r: Registration) => void;
}

/** The call panel's patient in the room: number, name, state, and call again, pass, checking, complete. */
export function CurrentPatient({ current, allowed, onAct }: Props) {
  const { t } = useTranslation('queueDesk');
  return (
    <Card type="inner" title={t('panel.current')} data-testid="panel-current" data-pk={current?.pk ?? ''}>
      {current ? (
        <>
          <Space align="baseline" size="large">
            <Statistic value={deskNo(current)} prefix="#" />
            <Typography.Title level={3} style={{ margin: 0 }}>
              {current.pat_name}
            </Typography.Title>
            <Tag color={STATE_COLORS[current.state]}>{t(`states.${current.state}`)}</Tag>
          </Space>
          <div style={{ color: '#888', margin: '8px 0 16px' }}>
            {current.pat_id} · {current.modality} · {t('fields.call_time')}{' '}
            {dayjs(current.call_time).format('HH:mm:ss')}
          </div>
          <Space wrap>
            {CURRENT_ACTIONS.map((a) => (
              <Button
                key={a}
                disabled={!allowed(a, current)}
                onClick={() => onAct(a, current)}
                data-testid={`panel-${a}`}
              >
                {t(`actions.${a}`)}
              </Button>
            ))}
          </Space>
        </>
      ) : (
        <Empty description={t('panel.nobody')} />
      )}
    </Card>
  );
}
