import './messages';
import type { ServerModule } from '../../platform/module';
import { registrationRoutes } from './routes';

export const registrationModule: ServerModule = {
  name: 'registration',
  permissions: [],
  routes: () => [registrationRoutes()],
};
