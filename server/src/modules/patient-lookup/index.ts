import './messages';
import type { ServerModule } from '../../platform/module';
import { shareLinkRoutes } from './link-routes';
import { patientLookupRoutes } from './routes';
import { PERMISSIONS } from '@shared/permissions';

export const patientLookupModule: ServerModule = {
  name: 'patient-lookup',
  permissions: [PERMISSIONS.DASHBOARD],
  routes: () => [patientLookupRoutes(), shareLinkRoutes()],
};
