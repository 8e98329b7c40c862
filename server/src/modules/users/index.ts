import './messages';
import type { ServerModule } from '../../platform/module';
import { userAdminRoutes } from './admin-routes';

export const usersModule: ServerModule = {
  name: 'users',
  routes: () => [userAdminRoutes()],
};

// What other modules use of this one.
export { assertPasswordPolicy } from './password-policy';
