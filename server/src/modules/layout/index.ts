import './messages';
import type { ServerModule } from '../../platform/module';
import { layoutRoutes } from './routes';

export const layoutModule: ServerModule = {
  name: 'layout',
  routes: () => [layoutRoutes()],
};
