import { PlusOutlined, SoundOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { SUPER_ADMIN_ROLE_PK } from '@shared/constants';
import { PERMISSIONS } from '@shared/permissions';
import type { QueueAction, Registration } from '@shared/schemas/queue';
import { ListPage } from '@web/components/list-page/list-page';
import type { ListColumn } from '@web/components/list-page/list-table';
import { useListParams } from '@web/components/list-page/use-list-params';
import { can, useUserInfo } from '@web/lib/user-info';
import {
  callNext,
  runQueueAction,
  useHospitalOptions,
  useRegistrations,
  useRoomCounts,
  useRooms,
} from '../api/queue-api';
import { deskSpec, today, type DeskFilters } from '../lib/desk-list';
import { deskNo } from '../lib/desk-no';
import { deskColumns } from './desk-columns';
import { useRegisteredNotice } from './desk-prints';
import { RegisterForm } from './register-form';
import { RoomPickModal } from './room-pick-modal';
import { RoomTabs } from './room-tabs';
import { RowActions } from './row-actions';

/** The registration desk: register patients, today's queue per room with its counts, every queue action. */
export function DeskPage() {
  const { t } = useTranslation('queueDesk');
  const { message } = App.useApp();
  const announceRegistered = useRegisteredNotice();
  const info = useUserInfo().data;
  const isSuper = info?.user.role_pk === SUPER_ADMIN_ROLE_PK;
  const allowed = (p: string) => can(info, p);
  const hospitalList = useHospitalOptions(isSuper);
  const hospitals = useMemo(
    () => (isSuper ? (hospitalList.data ?? []).map((h) => ({ value: h.code, label: h.name })) : null),
    [isSuper, hospitalList.data],
  );
  const [registering, setRegistering] = useState(false);
  const [pending, setPending] = useState<{ action: QueueAction; row: Registration } | null>(null);
  // The room filter's choices depend on the hospital, so the hospital is read from the address first.
  const [search] = useSearchParams();
  const hospital = (isSuper && search.get('hospital_code')) || undefined;
  const rooms = useRooms(hospital, !isSuper || !!hospital);
  const names = useMemo(() => (rooms.data ?? []).map((r) => r.room_name), [rooms.data]);
  const spec = useMemo(() => deskSpec(t, { hospitals, rooms: names }), [t, hospitals, names]);
  const state = useListParams(spec, { firstVisit: today });
  const counts = useRoomCounts(hospital, !isSuper || !!hospital);
  const query = useRegistrations(state.params);
  const room = state.params.filters.call_room;

  const run = async (action: QueueAction, row: Registration, callRoom?: string) => {
    const done = await runQueueAction(action, row.pk, callRoom);
    void message.success(t(`done.${action}`, { name: done.pat_name, no: deskNo(done), room: done.call_room }));
  };
  const setRoom = (call_room: string) =>
    state.update({ ...state.params, pageNumber: 1, filters: { ...state.params.filters, call_room } });

  const columns = useMemo(
    (): ListColumn<Registration>[] => [
      ...deskColumns(t),
      {
        title: t('actions.title'),
        key: 'actions',
        fixed: 'right',
        width: 400,
        render: (_: unknown, r: Registration) => (
          <RowActions
            row={r}
            can={allowed}
            run={(a, row) => void run(a, row)}
            pickRoom={(action, row) => setPending({ action, row })}
          />
        ),
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the handlers close over stable values
    [t, info],
  );

  return (
    <>
      <RoomTabs rooms={names} counts={counts.data ?? []} active={room} onChange={setRoom} />
      <ListPage<Registration, DeskFilters>
        testId="desk"
        pageTestId="desk-page"
        route="/register"
        spec={spec}
        state={state}
        query={query}
        columns={columns}
        rowKey="pk"
        rowAttrs={(r) => ({ 'data-pk': String(r.pk), 'data-state': r.state, 'data-pat-id': r.pat_id })}
        toolbar={
          <>
            {allowed(PERMISSIONS.QUEUE_REGISTER) && (
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => setRegistering(true)}
                data-testid="desk-register"
              >
                {t('register.open')}
              </Button>
            )}
            {allowed(PERMISSIONS.QUEUE_CALL) && (
              <Button
                icon={<SoundOutlined />}
                disabled={!room}
                title={room ? undefined : t('callNext.chooseRoom')}
                onClick={async () => {
                  const called = await callNext(room, hospital);
                  void message.success(
                    t('done.call', { name: called.pat_name, no: deskNo(called), room: called.call_room }),
                  );
                }}
                data-testid="desk-call-next"
              >
                {t('callNext.button')}
              </Button>
            )}
          </>
        }
      />
      <RegisterForm
        open={registering}
        hospitals={hospitals}
        hospitalCode={state.params.filters.hospital_code}
        rooms={names}
        room={room}
        onClose={(saved) => {
          setRegistering(false);
          if (saved) announceRegistered(saved);
        }}
      />
      <RoomPickModal
        key={pending ? `${pending.action}-${pending.row.pk}` : ''}
        pending={pending}
        rooms={names}
        onPick={(r) => (pending ? run(pending.action, pending.row, r) : Promise.resolve())}
        onClose={() => setPending(null)}
      />
    </>
  );
}
