import './messages';
import type { ServerModule } from '../../platform/module';
import { knowledgeRoutes } from './routes';
import { PERMISSIONS } from '@shared/permissions';

export const knowledgeModule: ServerModule = {
  name: 'knowledge',
  permissions: [PERMISSIONS.DASHBOARD, PERMISSIONS.POINT_EDIT, PERMISSIONS.SAVE_TEMP],
  routes: () => [knowledgeRoutes()],
};
