import './messages';
import type { ServerModule } from '../../platform/module';
import { dictRoutes } from './routes';

export const dictModule: ServerModule = {
  name: 'dict',
  routes: () => [dictRoutes()],
};
