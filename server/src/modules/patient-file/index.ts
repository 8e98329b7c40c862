import './messages';
import type { ServerModule } from '../../platform/module';
import { PATIENT_FILE_BODY_LIMITS, PATIENT_FILE_STREAMED_UPLOADS, patientFileRoutes } from './routes';
import { PERMISSIONS } from '@shared/permissions';

export const patientFileModule: ServerModule = {
  name: 'patient-file',
  permissions: [PERMISSIONS.PATFILE, PERMISSIONS.PATFILE_ADD],
  routes: () => [patientFileRoutes()],
  bodyLimits: PATIENT_FILE_BODY_LIMITS,
  streamedBodies: PATIENT_FILE_STREAMED_UPLOADS,
};
