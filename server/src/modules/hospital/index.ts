import './messages';
import type { ServerModule } from '../../platform/module';
import { hospitalAdminRoutes } from './admin-routes';
import { hospitalRoutes } from './routes';
import { PERMISSIONS } from '@shared/permissions';

export const hospitalModule: ServerModule = {
  name: 'hospital',
  permissions: [PERMISSIONS.SYS_HOSPITAL],
  routes: () => [hospitalRoutes(), hospitalAdminRoutes()],
};
