import './messages';
import type { ServerModule } from '../../platform/module';
import { usStationRoutes } from './routes';
import { PERMISSIONS } from '@shared/permissions';

export const usStationsModule: ServerModule = {
  name: 'us-stations',
  permissions: [PERMISSIONS.QUEUE_CALL, PERMISSIONS.QUEUE_REGISTER, PERMISSIONS.SYS_DEVICE],
  routes: () => [usStationRoutes()],
};
