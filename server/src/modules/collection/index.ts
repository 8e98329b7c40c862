import type { ServerModule } from '../../platform/module';
import { collectionListRoutes } from './list-routes';
import { collectionRoutes } from './routes';
import { PERMISSIONS } from '@shared/permissions';

export const collectionModule: ServerModule = {
  name: 'collection',
  permissions: [PERMISSIONS.USER],
  routes: () => [collectionRoutes(), collectionListRoutes()],
};
