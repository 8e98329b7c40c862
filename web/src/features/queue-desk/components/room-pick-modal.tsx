import { Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { QueueAction, Registration } from '@shared/schemas/queue';
import { testIdProp } from '@web/lib/test-id';

interface Props {
  /** The action waiting for a room (take a number, referral), or null: closed. */
  pending: { action: QueueAction; row: Registration } | null;
  rooms: string[];
  onPick: (room: string) => Promise<void>;
  onClose: () => void;
}

/** Chooses the room (the parent keys it by the pending action, so each opening starts empty): the room a number is taken in, or the room a patient is referred to (not their own). */
export function RoomPickModal({ pending, rooms, onPick, onClose }: Props) {
  const { t } = useTranslation('queueDesk');
  const [room, setRoom] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const choices = rooms.filter((r) => pending?.action !== 'referral' || r !== pending.row.call_room);
  return (
    <Modal
      open={pending !== null}
      title={pending ? t(`actions.${pending.action}`) : ''}
      onCancel={onClose}
      okButtonProps={{ ...testIdProp('desk-room-ok'), disabled: !room }}
      confirmLoading={busy}
      onOk={async () => {
        if (!room) return;
        setBusy(true);
        try {
          await onPick(room);
          onClose();
        } finally {
          setBusy(false);
        }
      }}
    >
      {pending && <p>{t('roomPick.patient', { name: pending.row.pat_name, room: pending.row.call_room || '-' })}</p>}
      <Select
        style={{ width: '100%' }}
        value={room}
        onChange={setRoom}
        placeholder={t('fields.call_room')}
        options={choices.map((r) => ({ value: r, label: r }))}
        data-testid="desk-room-select"
      />
    </Modal>
  );
}
