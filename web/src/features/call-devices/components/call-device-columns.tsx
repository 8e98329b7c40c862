import { Button, Space, Switch, Tag } from 'antd';
import type { TFunction } from 'i18next';
import { WEB_BASE } from '@shared/constants';
import type { CallDeviceRow } from '@shared/schemas/call-devices';
import { EditDeleteActions } from '@web/components/list-page/edit-delete-actions';
import type { ListColumn } from '@web/components/list-page/list-table';
import { deleteCallDevice, setCallDeviceStatus } from '../api/call-device-api';
import { screenUrl } from '../lib/call-device-list';

type CallDeviceColumnsOptions = {
  /** The super administrator also sees each device's hospital. */
  isSuper: boolean;
  onEdit: (r: CallDeviceRow) => void;
  onNewKey: (r: CallDeviceRow) => void;
  /** After a row changed on the server (on/off, delete). */
  refetch: () => void;
};

/** The call-device list's columns: rooms, key, an on/off switch and the row's tools. */
export function callDeviceColumns(
  t: TFunction<'callDevice'>,
  { isSuper, onEdit, onNewKey, refetch }: CallDeviceColumnsOptions,
): ListColumn<CallDeviceRow>[] {
  return [
    { title: t('fields.name'), dataIndex: 'name', key: 'name', width: 160 },
    ...(isSuper ? [{ title: t('fields.hospital'), dataIndex: 'hospital_name', key: 'hospital_name', width: 160 }] : []),
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
          onEdit={() => onEdit(r)}
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
          <Button type="link" onClick={() => onNewKey(r)} data-testid="call-new-key">
            {t('key.new')}
          </Button>
        </EditDeleteActions>
      ),
    },
  ];
}
