import './messages';
import type { ServerModule } from '../../platform/module';
import { patientRoutes } from './routes';

export const patientModule: ServerModule = {
  name: 'patient',
  routes: () => [patientRoutes()],
};
