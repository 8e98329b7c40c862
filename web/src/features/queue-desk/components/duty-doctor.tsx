import { App, Button, Input, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { setRoomDoctor } from '../api/queue-api';

/** The doctor on duty in the room, as the waiting-room screens show it (the parent keys it by room). */
export function DutyDoctor(props: { room: string; doctor: string; hospital?: string }) {
  const { t } = useTranslation('queueDesk');
  const { message } = App.useApp();
  const [value, setValue] = useState(props.doctor);
  const [busy, setBusy] = useState(false);
  return (
    <Space.Compact>
      <Input
        style={{ width: 200 }}
        maxLength={64}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        placeholder={t('panel.doctor')}
        prefix={<span style={{ color: '#888' }}>{t('panel.doctor')}</span>}
        data-testid="panel-doctor"
      />
      <Button
        loading={busy}
        disabled={value.trim() === props.doctor}
        onClick={async () => {
          setBusy(true);
          try {
            await setRoomDoctor(props.room, value.trim(), props.hospital);
            void message.success(t('panel.doctorSaved'));
          } finally {
            setBusy(false);
          }
        }}
        data-testid="panel-doctor-save"
      >
        {t('panel.doctorSave')}
      </Button>
    </Space.Compact>
  );
}
