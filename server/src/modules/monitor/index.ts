import type { ServerModule } from '../../platform/module';
import { monitorRoutes } from './routes';
import { PERMISSIONS } from '@shared/permissions';

export const monitorModule: ServerModule = {
  name: 'monitor',
  permissions: [PERMISSIONS.PWD_ERROR_LIST, PERMISSIONS.USE_TIME],
  routes: () => [monitorRoutes()],
};
