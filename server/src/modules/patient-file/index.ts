import './messages';
import type { ServerModule } from '../../platform/module';
import { PATIENT_FILE_BODY_LIMITS, PATIENT_FILE_STREAMED_UPLOADS, patientFileRoutes } from './routes';

export const patientFileModule: ServerModule = {
  name: 'patient-file',
  routes: () => [patientFileRoutes()],
  bodyLimits: PATIENT_FILE_BODY_LIMITS,
  streamedBodies: PATIENT_FILE_STREAMED_UPLOADS,
};
