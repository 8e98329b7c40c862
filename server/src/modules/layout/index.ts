import './messages';
import type { ServerModule } from '../../platform/module';
import { layoutRoutes } from './routes';
import { PERMISSIONS } from '@shared/permissions';

export const layoutModule: ServerModule = {
  name: 'layout',
  permissions: [PERMISSIONS.ORDER_LIST, PERMISSIONS.POINT_EDIT],
  routes: () => [layoutRoutes()],
};
