import type { ServerModule } from '../../platform/module';
import { collectionListRoutes } from './list-routes';
import { collectionRoutes } from './routes';

export const collectionModule: ServerModule = {
  name: 'collection',
  routes: () => [collectionRoutes(), collectionListRoutes()],
};
