import './messages';
import type { ServerModule } from '../../platform/module';
import { hospitalAdminRoutes } from './admin-routes';
import { hospitalRoutes } from './routes';

export const hospitalModule: ServerModule = {
  name: 'hospital',
  routes: () => [hospitalRoutes(), hospitalAdminRoutes()],
};
