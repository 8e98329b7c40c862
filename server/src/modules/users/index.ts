import './messages';
import type { ServerModule } from '../../platform/module';
import { userAdminRoutes } from './admin-routes';
import { PERMISSIONS } from '@shared/permissions';

export const usersModule: ServerModule = {
  name: 'users',
  permissions: [PERMISSIONS.SYS_USER],
  routes: () => [userAdminRoutes()],
};

// What other modules use of this one.
export { assertPasswordPolicy } from './password-policy';
export { setUserSign, userSignAt, userSignUrl } from './sign-image';
