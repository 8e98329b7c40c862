import { SoundOutlined } from '@ant-design/icons';
import { App, Button, Card, Col, Empty, List, Row, Select, Space, Statistic, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
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
import { DutyDoctor } from './duty-doctor';

const CURRENT_ACTIONS: QueueAction[] = ['callAgain', 'pass', 'checking', 'complete'];
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

  return (
    <Card data-testid="call-panel" title={t('panel.title')}>
      <Space wrap style={{ marginBottom: 16 }}>
        {isSuper && (
          <Select
            style={{ width: 220 }}
            placeholder={t('fields.hospital')}
            value={choice.hospital}
            onChange={(h: string) => setChoice({ hospital: h, room: '' })}
            options={(hospitals.data ?? []).map((h) => ({ value: h.code, label: h.name }))}
            data-testid="panel-hospital"
          />
        )}
        <Select
          style={{ width: 220 }}
          placeholder={t('panel.chooseRoom')}
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
                        disabled={!actionAllowed(a, current, (p) => can(info, p))}
                        onClick={() => void act(a, current)}
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
                        disabled={!actionAllowed('call', r, (p) => can(info, p))}
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
