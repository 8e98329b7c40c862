import './messages';
import type { ServerModule } from '../../platform/module';
import { forwardRoutes } from './forward-routes';

export const dicomModule: ServerModule = {
  name: 'dicom',
  routes: () => [forwardRoutes()],
};

// What other modules use of this one.
export { echoDevice, mayEcho } from './forward-echo';
export { startDicomListener } from './listener';
