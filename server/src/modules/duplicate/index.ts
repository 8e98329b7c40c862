import './messages';
import type { ServerModule } from '../../platform/module';
import { duplicateRoutes } from './routes';
import { PERMISSIONS } from '@shared/permissions';

export const duplicateModule: ServerModule = {
  name: 'duplicate',
  permissions: [PERMISSIONS.SYS_APP, PERMISSIONS.SYS_USER],
  routes: () => [duplicateRoutes()],
};
