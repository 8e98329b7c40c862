import type { ServerModule } from '../../platform/module';
import { deviceRoutes } from './routes';

export const deviceModule: ServerModule = {
  name: 'device',
  routes: () => [deviceRoutes()],
};
