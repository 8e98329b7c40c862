import type { ServerModule } from '../../platform/module';
import { auditRoutes } from './routes';
import { PERMISSIONS } from '@shared/permissions';

export const auditModule: ServerModule = {
  name: 'audit',
  permissions: [PERMISSIONS.SYS_AUDIT],
  routes: () => [auditRoutes()],
};
