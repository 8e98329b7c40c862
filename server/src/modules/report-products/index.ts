import './messages';
import type { ServerModule } from '../../platform/module';
import { reportProductRoutes } from './routes';
import { addendumAdded, auditWithdrawn, criticalChanged, reportAudited } from '../report';
import { closeReportJobs, kickReportJobs, startReportJobs } from './worker';
import { jobCounts } from './jobs';
import { PERMISSIONS } from '@shared/permissions';
import { checkPdfSeal } from './seal/seal-store';

export const reportProductsModule: ServerModule = {
  name: 'report-products',
  permissions: [PERMISSIONS.DASHBOARD, PERMISSIONS.REPORT_RETRY],
  routes: () => [reportProductRoutes()],
  start: async ({ deps, fetch }) => {
    // A PDF_SEAL_P12 that cannot sign stops the start here, naming the variable.
    await checkPdfSeal(deps);
    deps.metrics.gauge(
      'report_jobs',
      'Archive PDF, delivery and withdrawal jobs by kind and state: pending (waiting or retrying) and failed (given up)',
      () => jobCounts(deps.db),
      'queue',
    );
    startReportJobs(deps, fetch);
    // The jobs an audit or its withdrawal wrote run now rather than at the next poll.
    reportAudited.on(deps, (d) => kickReportJobs(d));
    auditWithdrawn.on(deps, (d) => kickReportJobs(d));
    addendumAdded.on(deps, (d) => kickReportJobs(d));
    // A critical value told to the HIS (its message queued by the value's own statement) goes now too.
    criticalChanged.on(deps, (d) => kickReportJobs(d));
  },
  stop: closeReportJobs,
};

// What other modules use of this one.
export { ENDPOINT_CONFIG } from './endpoint';
export { PdfSealError } from './seal/seal';
export { registerJobRunner, kickReportJobs, type JobRunner } from './worker';
export { versionOf, type JobRow, type Outcome } from './jobs';
