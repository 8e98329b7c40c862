import './messages';
import type { ServerModule } from '../../platform/module';
import { roleRoutes } from './routes';
import { PERMISSIONS } from '@shared/permissions';

export const roleModule: ServerModule = {
  name: 'role',
  permissions: [PERMISSIONS.SYS_ROLE, PERMISSIONS.SYS_USER],
  routes: () => [roleRoutes()],
};

// What other modules use of this one.
export { assertAssignable, canAssign } from './assignable';
