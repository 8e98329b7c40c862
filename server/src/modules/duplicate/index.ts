import './messages';
import type { ServerModule } from '../../platform/module';
import { duplicateRoutes } from './routes';

export const duplicateModule: ServerModule = {
  name: 'duplicate',
  routes: () => [duplicateRoutes()],
};
