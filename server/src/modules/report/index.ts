import './messages';
import type { ServerModule } from '../../platform/module';
import { reportRoutes } from './routes';
import { signingOut } from '../auth';
import { releaseLocks } from './lock';
import { PERMISSIONS } from '@shared/permissions';

export const reportModule: ServerModule = {
  name: 'report',
  permissions: [
    PERMISSIONS.AUDIT,
    PERMISSIONS.CACHE_RPTS,
    PERMISSIONS.CANCEL,
    PERMISSIONS.CLOSE_RPTS,
    PERMISSIONS.DASHBOARD,
    PERMISSIONS.INVALID_REPORT,
    PERMISSIONS.SAVE_ORDER,
  ],
  routes: () => [reportRoutes()],
  start: ({ deps }) => {
    // A signed-out session's studies are free again.
    signingOut.on(deps, (d, e) => releaseLocks(d.db, { sessionPk: e.session_pk }));
  },
};

// What other modules use of this one.
export { callerOf, type Caller } from './caller';
export { addendumAdded, auditWithdrawn, criticalChanged, reportAudited } from './hooks';
export { addendaUpTo, addendumText } from './addenda';
export { reportInfo } from './read';
export { reportsOf, studyInScope, target, type StudyRecord } from './repo';
export { toReportDetail, toStudyDetail } from './serialize';
export { refuse, stateOf } from './write';
export { verifyByCode, verifyByPdfSha256 } from './signature-verify';
export { standingSignatures } from './signature';
