import './messages';
import type { ServerModule } from '../../platform/module';
import { roleRoutes } from './routes';

export const roleModule: ServerModule = {
  name: 'role',
  routes: () => [roleRoutes()],
};

// What other modules use of this one.
export { assertAssignable, canAssign } from './assignable';
