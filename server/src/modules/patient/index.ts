import './messages';
import type { ServerModule } from '../../platform/module';
import { patientRoutes } from './routes';
import { PERMISSIONS } from '@shared/permissions';

export const patientModule: ServerModule = {
  name: 'patient',
  permissions: [PERMISSIONS.PATINFO],
  routes: () => [patientRoutes()],
};
