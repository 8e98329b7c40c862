import { PlusOutlined } from '@ant-design/icons';
import { App, Button, Space, Switch, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SUPER_ADMIN_ROLE_PK, WEB_BASE } from '@shared/constants';
import type { CallDeviceRow, CallDeviceSaved } from '@shared/schemas/call-devices';
import { EditDeleteActions } from '@web/components/list-page/edit-delete-actions';
import { ListPage } from '@web/components/list-page/list-page';
import type { ListColumn } from '@web/components/list-page/list-table';
import { useEditModal } from '@web/components/list-page/use-edit-modal';
import { useListParams } from '@web/components/list-page/use-list-params';
import { testIdProp } from '@web/lib/test-id';
import { useUserInfo } from '@web/lib/user-info';
import {
  deleteCallDevice,
  newCallKey,
  setCallDeviceStatus,
  useCallDevices,
  useHospitalOptions,
} from '../api/call-device-api';
import { callDeviceSpec, screenUrl, type CallDeviceFilters } from '../lib/call-device-list';
import { CallDeviceForm } from './call-device-form';
import { DeviceKeyModal } from './device-key-modal';

/** Call devices (the waiting-room screens): list, on/off, create and edit with rooms and settings, new key. */
export function CallDevicePage() {
  const { t } = useTranslation('callDevice');
  const { modal } = App.useApp();
  const isSuper = useUserInfo().data?.user.role_pk === SUPER_ADMIN_ROLE_PK;
  const hospitalList = useHospitalOptions(isSuper);
  const hospitals = useMemo(
    () => (isSuper ? (hospitalList.data ?? []).map((h) => ({ value: h.code, label: h.name })) : null),
    [isSuper, hospitalList.data],
  );
  const spec = useMemo(() => callDeviceSpec(t, hospitals), [t, hospitals]);
  const state = useListParams(spec);
  const query = useCallDevices(state.params);
  const [issued, setIssued] = useState<{ pk: number; device_key: string } | null>(null);
  const refetch = () => void query.refetch();
  const edit = useEditModal<CallDeviceRow, CallDeviceSaved>(t('saved'), (saved) => {
    if (saved.device_key) setIssued({ pk: saved.pk, device_key: saved.device_key });
    refetch();
  });

  const issueKey = (r: CallDeviceRow) =>
    modal.confirm({
      title: t('key.newTitle'),
      content: t('key.newConfirm', { name: r.name }),
      okButtonProps: testIdProp('call-key-ok'),
      onOk: async () => {
        const answer = await newCallKey(r.pk);
        if (answer.device_key) setIssued({ pk: answer.pk, device_key: answer.device_key });
        refetch();
      },
    });

  const columns = useMemo(
    (): ListColumn<CallDeviceRow>[] => [
      { title: t('fields.name'), dataIndex: 'name', key: 'name', width: 160 },
      ...(isSuper
        ? [{ title: t('fields.hospital'), dataIndex: 'hospital_name', key: 'hospital_name', width: 160 }]
        : []),
      { title: t('fields.department'), dataIndex: 'department', key: 'department', width: 120 },
      {
        title: t('fields.rooms'),
        key: 'rooms',
        render: (_: unknown, r: CallDeviceRow) => (
          <Space size={[0, 4]} wrap>
            {r.rooms.map((room) => (
              <Tag key={room.pk}>{room.room_name}</Tag>
            ))}
          </Space>
        ),
      },
      {
        title: t('fields.key'),
        key: 'has_key',
        width: 90,
        render: (_: unknown, r: CallDeviceRow) =>
          r.has_key ? <Tag color="green">{t('key.issued')}</Tag> : <Tag>{t('key.none')}</Tag>,
      },
      {
        title: t('fields.status'),
        dataIndex: 'status',
        key: 'status',
        width: 90,
        render: (v: number, r: CallDeviceRow) => (
          <Switch
            checked={v === 1}
            data-testid="call-status"
            onChange={async (on) => {
              await setCallDeviceStatus(r.pk, on ? 1 : 0);
              refetch();
            }}
          />
        ),
      },
      {
        title: t('actions'),
        key: 'actions',
        fixed: 'right',
        width: 290,
        render: (_: unknown, r: CallDeviceRow) => (
          <EditDeleteActions
            testId="call"
            editText={t('editShort')}
            deleteText={t('delete')}
            onEdit={() => edit.open(r)}
            confirm={{
              title: t('deleteTitle'),
              content: t('deleteConfirm', { name: r.name }),
              run: () => deleteCallDevice(r.pk),
              done: t('deleted'),
              after: refetch,
            }}
          >
            <Button
              type="link"
              href={screenUrl(window.location.origin, WEB_BASE, r.pk)}
              target="_blank"
              data-testid="call-open-screen"
            >
              {t('openScreen')}
            </Button>
            <Button type="link" onClick={() => issueKey(r)} data-testid="call-new-key">
              {t('key.new')}
            </Button>
          </EditDeleteActions>
        ),
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the handlers close over stable values
    [t, isSuper],
  );

  return (
    <>
      <ListPage<CallDeviceRow, CallDeviceFilters>
        testId="call"
        pageTestId="call-device-page"
        route="/system/callDevice"
        spec={spec}
        state={state}
        query={query}
        columns={columns}
        rowKey="pk"
        rowAttrs={(r) => ({ 'data-pk': String(r.pk), 'data-name': r.name })}
        toolbar={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => edit.open(null)} data-testid="call-new">
            {t('new')}
          </Button>
        }
      />
      <CallDeviceForm row={edit.row} hospitals={hospitals} onClose={edit.onClose} />
      <DeviceKeyModal issued={issued} onClose={() => setIssued(null)} />
    </>
  );
}
