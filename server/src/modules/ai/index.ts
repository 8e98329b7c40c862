import './messages';
import type { ServerModule } from '../../platform/module';
import { aiRoutes } from './routes';
import { PERMISSIONS } from '@shared/permissions';

export const aiModule: ServerModule = {
  name: 'ai',
  permissions: [PERMISSIONS.DASHBOARD],
  routes: () => [aiRoutes()],
};
