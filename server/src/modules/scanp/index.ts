import './messages';
import type { ServerModule } from '../../platform/module';
import { scanpAdminRoutes } from './admin-routes';
import { SCANP_BODY_LIMITS, scanpRoutes } from './routes';
import { PERMISSIONS } from '@shared/permissions';

export const scanpModule: ServerModule = {
  name: 'scanp',
  permissions: [PERMISSIONS.SYS_SCANP],
  routes: () => [scanpRoutes(), scanpAdminRoutes()],
  bodyLimits: SCANP_BODY_LIMITS,
};

// What other modules use of this one.
export { scanItemReadScope, scanItemsByIds } from './admin';
