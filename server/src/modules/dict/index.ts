import './messages';
import type { ServerModule } from '../../platform/module';
import { dictRoutes } from './routes';
import { PERMISSIONS } from '@shared/permissions';

export const dictModule: ServerModule = {
  name: 'dict',
  permissions: [PERMISSIONS.SYS_DICT],
  routes: () => [dictRoutes()],
};
