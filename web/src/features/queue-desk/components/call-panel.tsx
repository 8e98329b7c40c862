import { SoundOutlined } from '@ant-design/icons';
import { App, Button, Card, Col, Empty, List, Row, Select, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SUPER_ADMIN_ROLE_PK } from '@shared/constants';
import type { QueueAction, Registration } from '@shared/schemas/queue';
import { readJson, STORAGE_KEYS, writeJson } from '@web/lib/storage-keys';
import { can, useUserInfo } from '@web/lib/user-info';
import { callNext, runQueueAction, useHospitalOptions, useRoomQueue, useRooms } from '../api/queue-api';
import { actionAllowed } from '../lib/desk-actions';
import { deskNo } from '../lib/desk-no';
import { STATE_COLORS } from '../lib/state-colors';
import { CurrentPatient } from './current-patient';
import { DutyDoctor } from './duty-doctor';

const NEXT_SHOWN = 8;

interface Choice {
  hospital?: string;
  room: string;
}

/** The consulting room's panel: choose the room, call the next patient, call again, pass, checking, complete. */
export function CallPanel() {
  const { t } = useTranslation('queueDesk');
  const { message } = App.useApp();
  const info = useUserInfo().data;
  const isSuper = info?.user.role_pk === SUPER_ADMIN_ROLE_PK;
  const [choice, setChoiceState] = useState<Choice>(() =>
    readJson(localStorage, STORAGE_KEYS.callPanelRoom, { room: '' }),
  );
  const setChoice = (c: Choice) => {
    setChoiceState(c);
    writeJson(localStorage, STORAGE_KEYS.callPanelRoom, c);
  };
  const hospital = isSuper ? choice.hospital : undefined;
  const hospitals = useHospitalOptions(isSuper);
  const rooms = useRooms(hospital, !isSuper || !!hospital);
  const names = (rooms.data ?? []).map((r) => r.room_name);
  const room = names.includes(choice.room) ? choice.room : '';
  const doctor = rooms.data?.find((r) => r.room_name === room)?.doctor ?? '';
  const inRoom = useRoomQueue(room, ['called', 'checking'], hospital);
  const waiting = useRoomQueue(room, ['number_taken', 'passed'], hospital);
  // The patient in the room: the one called last.
  const current = [...(inRoom.data?.list ?? [])].sort((a, b) =>
    (b.call_time ?? '').localeCompare(a.call_time ?? ''),
  )[0];
  const next = (waiting.data?.list ?? []).slice(0, NEXT_SHOWN);
  const say = (action: QueueAction, r: Registration) =>
    void message.success(t(`done.${action}`, { name: r.pat_name, no: deskNo(r), room: r.call_room }));
  const act = async (action: QueueAction, r: Registration) => say(action, await runQueueAction(action, r.pk));
  const allowed = (action: QueueAction, r: Registration) => actionAllowed(action, r, (p) => can(info, p));

  return (
    <Card data-testid="call-panel" title={t('panel.title')}>
      <Space wrap style={{ marginBottom: 16 }}>
        {isSuper && (
          <Select
            style={{ width: 220 }}
            placeholder={t('fields.hospital')}
            aria-label={t('fields.hospital')}
            value={choice.hospital}
            onChange={(h: string) => setChoice({ hospital: h, room: '' })}
            options={(hospitals.data ?? []).map((h) => ({ value: h.code, label: h.name }))}
            data-testid="panel-hospital"
          />
        )}
        <Select
          style={{ width: 220 }}
          placeholder={t('panel.chooseRoom')}
          aria-label={t('panel.chooseRoom')}
          value={room || undefined}
          onChange={(r: string) => setChoice({ hospital: choice.hospital, room: r })}
          options={names.map((r) => ({ value: r, label: r }))}
          data-testid="panel-room"
        />
        {room && <DutyDoctor key={`${room}:${doctor}`} room={room} doctor={doctor} hospital={hospital} />}
        <Button
          type="primary"
          size="large"
          icon={<SoundOutlined />}
          disabled={!room || next.length === 0}
          onClick={async () => say('call', await callNext(room, hospital))}
          data-testid="panel-call-next"
        >
          {t('callNext.button')}
        </Button>
      </Space>
      {!room ? (
        <Empty description={t('panel.chooseRoom')} />
      ) : (
        <Row gutter={16}>
          <Col xs={24} lg={12}>
            <CurrentPatient current={current} allowed={allowed} onAct={(a, r) => void act(a, r)} />
          </Col>
          <Col xs={24} lg={12}>
            <Card type="inner" title={t('panel.next', { count: waiting.data?.totalRow ?? 0 })} data-testid="panel-next">
              <List
                size="small"
                dataSource={next}
                locale={{ emptyText: t('panel.noneWaiting') }}
                renderItem={(r) => (
                  <List.Item
                    data-testid="panel-next-row"
                    data-pk={r.pk}
                    actions={[
                      <Button
                        key="call"
                        type="link"
                        size="small"
                        onClick={() => void act('call', r)}
                        disabled={!allowed('call', r)}
                      >
                        {t('actions.call')}
                      </Button>,
                    ]}
                  >
                    <Space>
                      <b>#{deskNo(r)}</b>
                      {r.pat_name}
                      <Tag color={STATE_COLORS[r.state]}>{t(`states.${r.state}`)}</Tag>
                    </Space>
                  </List.Item>
                )}
              />
            </Card>
          </Col>
        </Row>
      )}
    </Card>
  );
}
