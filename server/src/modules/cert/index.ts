import './messages';
import type { ServerModule } from '../../platform/module';
import { certRoutes } from './routes';

export const certModule: ServerModule = {
  name: 'cert',
  permissions: [],
  routes: () => [certRoutes()],
};
