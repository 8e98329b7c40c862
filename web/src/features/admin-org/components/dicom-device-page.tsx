import { PlusOutlined } from '@ant-design/icons';
import { App, Button, Space, Switch } from 'antd';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SUPER_ADMIN_ROLE_PK } from '@shared/constants';
import type { DeviceRow } from '@shared/schemas/admin-org';
import { ListPage } from '@web/components/list-page/list-page';
import type { ListColumn } from '@web/components/list-page/list-table';
import { useListParams } from '@web/components/list-page/use-list-params';
import { useConfirmDelete } from '@web/components/use-confirm-delete';
import { useUserInfo } from '@web/lib/user-info';
import { deleteDevice, setDeviceStatus, useDeviceList } from '../api/org-api';
import { deviceSpec, type DeviceFilters } from '../lib/specs';
import { DicomDeviceForm } from './dicom-device-form';

/** DICOM devices: list with an on/off switch, create, edit, delete; `rowTools` adds a row's own actions (the route's). */
export function DicomDevicePage({ rowTools }: { rowTools?: (row: DeviceRow) => ReactNode } = {}) {
  const { t } = useTranslation('adminOrg');
  const { message } = App.useApp();
  const confirmDelete = useConfirmDelete();
  const isSuper = useUserInfo().data?.user.role_pk === SUPER_ADMIN_ROLE_PK;
  const spec = useMemo(() => deviceSpec(t), [t]);
  const state = useListParams(spec);
  const query = useDeviceList(state.params);
  const [editing, setEditing] = useState<DeviceRow | null | undefined>(undefined);
  const refetch = () => void query.refetch();

  const columns = useMemo(
    (): ListColumn<DeviceRow>[] => [
      { title: t('device.name'), dataIndex: 'name', key: 'name', width: 160 },
      { title: t('device.aet'), dataIndex: 'aet', key: 'aet', width: 150 },
      { title: t('device.modality'), dataIndex: 'modality', key: 'modality', width: 100 },
      { title: t('device.ip'), dataIndex: 'ip', key: 'ip', width: 170 },
      { title: t('device.port'), dataIndex: 'port', key: 'port', width: 90 },
      { title: t('device.hospital'), dataIndex: 'hospital_name', key: 'hospital_code', width: 160 },
      {
        title: t('device.status'),
        dataIndex: 'status',
        key: 'status',
        width: 100,
        render: (v: number, r: DeviceRow) => (
          <Switch
            checked={v === 1}
            data-testid="device-status"
            onChange={async (on) => {
              await setDeviceStatus(r.pk, on ? 1 : 0);
              refetch();
            }}
          />
        ),
      },
      {
        title: t('actions'),
        key: 'actions',
        fixed: 'right',
        width: rowTools ? 240 : 140,
        render: (_: unknown, r: DeviceRow) => (
          <Space size={0}>
            {rowTools?.(r)}
            <Button type="link" onClick={() => setEditing(r)} data-testid="device-edit">
              {t('edit')}
            </Button>
            <Button
              type="link"
              danger
              data-testid="device-delete"
              onClick={() =>
                confirmDelete({
                  title: t('device.deleteTitle'),
                  content: t('device.deleteConfirm', { name: r.name, aet: r.aet }),
                  okTestId: 'device-delete-ok',
                  run: () => deleteDevice(r.pk),
                  done: t('deleted'),
                  after: refetch,
                })
              }
            >
              {t('delete')}
            </Button>
          </Space>
        ),
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the handlers close over stable values
    [t, rowTools],
  );

  return (
    <>
      <ListPage<DeviceRow, DeviceFilters>
        testId="device"
        pageTestId="device-page"
        route="/system/device"
        spec={spec}
        state={state}
        query={query}
        columns={columns}
        rowKey="pk"
        rowAttrs={(r) => ({ 'data-aet': r.aet })}
        toolbar={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)} data-testid="device-new">
            {t('device.new')}
          </Button>
        }
      />
      <DicomDeviceForm
        row={editing}
        pickHospital={isSuper}
        onClose={(saved) => {
          setEditing(undefined);
          if (saved) {
            void message.success(t('saved'));
            refetch();
          }
        }}
      />
    </>
  );
}
