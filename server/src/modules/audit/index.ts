import type { ServerModule } from '../../platform/module';
import { auditRoutes } from './routes';

export const auditModule: ServerModule = {
  name: 'audit',
  routes: () => [auditRoutes()],
};
