import './messages';
import type { ServerModule } from '../../platform/module';
import { shareLinkRoutes } from './link-routes';
import { patientLookupRoutes } from './routes';

export const patientLookupModule: ServerModule = {
  name: 'patient-lookup',
  routes: () => [patientLookupRoutes(), shareLinkRoutes()],
};
