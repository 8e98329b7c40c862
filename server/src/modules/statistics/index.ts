import './messages';
import type { ServerModule } from '../../platform/module';
import { statisticsRoutes } from './routes';

export const statisticsModule: ServerModule = {
  name: 'statistics',
  routes: () => [statisticsRoutes()],
};

// What other modules use of this one.
export { inDays } from './range';
