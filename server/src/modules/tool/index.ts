import type { ServerModule } from '../../platform/module';
import { toolRoutes } from './routes';

export const toolModule: ServerModule = {
  name: 'tool',
  permissions: [],
  routes: () => [toolRoutes()],
};
