import './messages';
import type { ServerModule } from '../../platform/module';
import { deviceRoutes } from './device-routes';
import { forwardRoutes } from './forward-routes';
import { PERMISSIONS } from '@shared/permissions';

export const dicomModule: ServerModule = {
  name: 'dicom',
  permissions: [PERMISSIONS.FORWARD_RPT, PERMISSIONS.SYS_DEVICE],
  routes: () => [deviceRoutes(), forwardRoutes()],
};

// What other modules use of this one.
export { startDicomListener, type DicomListener } from './listener';
export { addressMatches } from './policy';
