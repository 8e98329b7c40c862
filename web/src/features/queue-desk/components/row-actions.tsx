import { DownOutlined } from '@ant-design/icons';
import { App, Button, Dropdown, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { QueueAction, Registration } from '@shared/schemas/queue';
import { testIdProp } from '@web/lib/test-id';
import { actionAllowed, CONFIRMED_ACTIONS, ROOM_ACTIONS } from '../lib/desk-actions';
import { deskNo } from '../lib/desk-no';
import { DESK_PRINTS, deskPrint, type DeskPrint } from './desk-prints';

const INLINE: QueueAction[] = ['call', 'callAgain', 'pass', 'checking', 'complete'];
const MORE: QueueAction[] = ['takeNumber', 'referral', 'top', 'abandon', 'recover', 'delete'];

interface Props {
  row: Registration;
  can: (permission: string) => boolean;
  /** Runs an action that needs no room. */
  run: (action: QueueAction, row: Registration) => void;
  /** Asks for the room first (take a number, referral). */
  pickRoom: (action: QueueAction, row: Registration) => void;
}

/** A registration's actions, each enabled only in the states the shared transitions allow. */
export function RowActions({ row, can, run, pickRoom }: Props) {
  const { t } = useTranslation('queueDesk');
  const { modal } = App.useApp();
  const allowed = (a: QueueAction) => actionAllowed(a, row, can);
  const start = (a: QueueAction) => {
    if (ROOM_ACTIONS.includes(a)) return pickRoom(a, row);
    if (!CONFIRMED_ACTIONS.includes(a)) return run(a, row);
    modal.confirm({
      title: t(`actions.${a}`),
      content: t(`confirm.${a as 'abandon' | 'delete'}`, { name: row.pat_name, no: deskNo(row) }),
      okButtonProps: { danger: true, ...testIdProp('desk-confirm-ok') },
      onOk: () => run(a, row),
    });
  };
  return (
    <Space size={0}>
      {INLINE.map((a) => (
        <Button
          key={a}
          type="link"
          size="small"
          disabled={!allowed(a)}
          onClick={() => start(a)}
          data-testid={`desk-action-${a}`}
        >
          {t(`actions.${a}`)}
        </Button>
      ))}
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            ...MORE.map((a) => ({
              key: a,
              label: <span data-testid={`desk-action-${a}`}>{t(`actions.${a}`)}</span>,
              disabled: !allowed(a),
              danger: CONFIRMED_ACTIONS.includes(a),
            })),
            { type: 'divider' as const },
            ...DESK_PRINTS.map((p) => ({
              key: p,
              label: <span data-testid={`desk-action-${p}`}>{t(`actions.${p}`)}</span>,
            })),
          ],
          onClick: ({ key }) =>
            (DESK_PRINTS as readonly string[]).includes(key)
              ? deskPrint(key as DeskPrint, row)
              : start(key as QueueAction),
        }}
      >
        <Button type="link" size="small" data-testid="desk-action-more">
          {t('actions.more')} <DownOutlined />
        </Button>
      </Dropdown>
    </Space>
  );
}
