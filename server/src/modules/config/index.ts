import './messages';
import type { ServerModule } from '../../platform/module';
import { configRoutes } from './routes';

export const configModule: ServerModule = {
  name: 'config',
  routes: () => [configRoutes()],
};
