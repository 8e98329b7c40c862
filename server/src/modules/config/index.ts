import './messages';
import type { ServerModule } from '../../platform/module';
import { configRoutes } from './routes';
import { PERMISSIONS } from '@shared/permissions';

export const configModule: ServerModule = {
  name: 'config',
  permissions: [PERMISSIONS.SYS_CONFIG],
  routes: () => [configRoutes()],
};
