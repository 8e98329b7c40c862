import './messages';
import type { ServerModule } from '../../platform/module';
import { regionRoutes } from './routes';
import { PERMISSIONS } from '@shared/permissions';

export const regionModule: ServerModule = {
  name: 'region',
  permissions: [PERMISSIONS.SYS_REGION],
  routes: () => [regionRoutes()],
};
