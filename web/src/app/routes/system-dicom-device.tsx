import { PERMISSIONS } from '@shared/permissions';
import type { DeviceRow } from '@shared/schemas/admin-org';
import { DicomDevicePage } from '@web/features/admin-org/components/dicom-device-page';
import { EchoButton } from '@web/features/dicom-forward/components/echo-button';
import { RequirePermission } from '../guards';

const echoTool = (r: DeviceRow) => <EchoButton pk={r.pk} />;

export default function SystemDicomDeviceRoute() {
  return (
    <RequirePermission action={PERMISSIONS.SYS_DEVICE}>
      <DicomDevicePage rowTools={echoTool} />
    </RequirePermission>
  );
}
