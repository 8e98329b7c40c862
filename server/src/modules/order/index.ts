import type { ServerModule } from '../../platform/module';
import { orderExportRoutes } from './export-routes';
import { orderRoutes } from './routes';

export const orderModule: ServerModule = {
  name: 'order',
  routes: () => [orderRoutes(), orderExportRoutes()],
};

// What other modules use of this one.
export { STUDY_EXPORT_COLUMNS } from './export-columns';
export { studyOnlyWhere, studySelect, studyWhere, toStudyRow } from './query';
export { findStudy } from './service';
