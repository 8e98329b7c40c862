import './messages';
import type { ServerModule } from '../../platform/module';
import { regionRoutes } from './routes';

export const regionModule: ServerModule = {
  name: 'region',
  routes: () => [regionRoutes()],
};
