import { Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PERMISSIONS } from '@shared/permissions';
import type { DeviceRow } from '@shared/schemas/admin-org';
import { DicomDevicePage } from '@web/features/admin-org/components/dicom-device-page';
import { EchoButton } from '@web/features/dicom-forward/components/echo-button';
import { HisPeerPage } from '@web/features/his/components/his-peer-page';
import { RequirePermission } from '../guards';

const echoTool = (r: DeviceRow) => <EchoButton pk={r.pk} />;

/** /system/device: the DICOM devices and the HIS interfaces (both sys:device), one tab each. */
export default function SystemDicomDeviceRoute() {
  const { t } = useTranslation('his');
  const [tab, setTab] = useState('devices');
  return (
    <RequirePermission action={PERMISSIONS.SYS_DEVICE}>
      <Tabs
        activeKey={tab}
        onChange={setTab}
        data-testid="device-tabs"
        items={[
          {
            key: 'devices',
            label: <span data-testid="device-tab-devices">{t('tabs.devices')}</span>,
            children: <DicomDevicePage rowTools={echoTool} />,
          },
          {
            key: 'his',
            label: <span data-testid="device-tab-his">{t('tabs.his')}</span>,
            children: <HisPeerPage />,
          },
        ]}
      />
    </RequirePermission>
  );
}
