import type { ServerModule } from '../../platform/module';
import { monitorRoutes } from './routes';

export const monitorModule: ServerModule = {
  name: 'monitor',
  routes: () => [monitorRoutes()],
};
