import './messages';
import type { ServerModule } from '../../platform/module';
import { orderCallRoutes } from './calls-routes';
import { orderExportRoutes } from './export-routes';
import { orderRoutes } from './routes';
import { PERMISSIONS } from '@shared/permissions';

export const orderModule: ServerModule = {
  name: 'order',
  permissions: [PERMISSIONS.ORDER_HISTORY, PERMISSIONS.ORDER_LIST, PERMISSIONS.PATINFO],
  routes: () => [orderRoutes(), orderExportRoutes(), orderCallRoutes()],
};

// What other modules use of this one.
export { STUDY_EXPORT_COLUMNS } from './export-columns';
export { studyOnlyWhere, studySelect, studyWhere, toStudyRow } from './query';
export { findStudy } from './service';
