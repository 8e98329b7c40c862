import './messages';
import type { ServerModule } from '../../platform/module';
import { appRoutes } from './routes';
import { PERMISSIONS } from '@shared/permissions';

export const appsModule: ServerModule = {
  name: 'apps',
  permissions: [PERMISSIONS.SYS_APP],
  routes: () => [appRoutes()],
};

// What other modules use of this one.
export { matchesHash } from './credentials';
