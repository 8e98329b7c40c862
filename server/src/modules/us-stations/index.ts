import './messages';
import type { ServerModule } from '../../platform/module';
import { usStationRoutes } from './routes';

export const usStationsModule: ServerModule = {
  name: 'us-stations',
  routes: () => [usStationRoutes()],
};
