import './messages';
import type { ServerModule } from '../../platform/module';
import { reportRoutes } from './routes';
import { signingOut } from '../auth';
import { releaseLocks } from './lock';

export const reportModule: ServerModule = {
  name: 'report',
  routes: () => [reportRoutes()],
  start: ({ deps }) => {
    // A signed-out session's studies are free again.
    signingOut.on(deps, (d, e) => releaseLocks(d.db, { sessionPk: e.session_pk }));
  },
};

// What other modules use of this one.
export { callerOf, type Caller } from './caller';
export { auditWithdrawn, reportAudited } from './hooks';
export { reportInfo } from './read';
export { reportsOf, studyInScope, target, type StudyRecord } from './repo';
export { toReportDetail, toStudyDetail } from './serialize';
export { refuse, stateOf } from './write';
