import './messages';
import type { ServerModule } from '../../platform/module';
import { doctorListRoutes } from './doctor-list';
import { statisticsRoutes } from './routes';
import { PERMISSIONS } from '@shared/permissions';

export const statisticsModule: ServerModule = {
  name: 'statistics',
  permissions: [PERMISSIONS.STATS_VIEW],
  routes: () => [statisticsRoutes(), doctorListRoutes()],
};

// What other modules use of this one.
export { inDays } from './range';
