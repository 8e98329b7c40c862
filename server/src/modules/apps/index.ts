import './messages';
import type { ServerModule } from '../../platform/module';
import { appRoutes } from './routes';

export const appsModule: ServerModule = {
  name: 'apps',
  routes: () => [appRoutes()],
};

// What other modules use of this one.
export { matchesHash } from './credentials';
