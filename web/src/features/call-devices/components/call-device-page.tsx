import { PlusOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SUPER_ADMIN_ROLE_PK } from '@shared/constants';
import type { CallDeviceRow, CallDeviceSaved } from '@shared/schemas/call-devices';
import { ListPage } from '@web/components/list-page/list-page';
import { useEditModal } from '@web/components/list-page/use-edit-modal';
import { useListParams } from '@web/components/list-page/use-list-params';
import { testIdProp } from '@web/lib/test-id';
import { useUserInfo } from '@web/lib/user-info';
import { newCallKey, useCallDevices, useHospitalOptions } from '../api/call-device-api';
import { callDeviceSpec, type CallDeviceFilters } from '../lib/call-device-list';
import { callDeviceColumns } from './call-device-columns';
import { CallDeviceForm } from './call-device-form';
import { CallDeviceKeyModal } from './call-device-key-modal';

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
    () => callDeviceColumns(t, { isSuper, onEdit: edit.open, onNewKey: issueKey, refetch }),
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
      <CallDeviceKeyModal issued={issued} onClose={() => setIssued(null)} />
    </>
  );
}
