import './messages';
import type { ServerModule } from '../../platform/module';
import { deviceRoutes } from './device-routes';
import { forwardRoutes } from './forward-routes';

export const dicomModule: ServerModule = {
  name: 'dicom',
  routes: () => [deviceRoutes(), forwardRoutes()],
};

// What other modules use of this one.
export { startDicomListener } from './listener';
