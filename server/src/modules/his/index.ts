import type { ServerModule } from '../../platform/module';
import { PERMISSIONS } from '@shared/permissions';
import { registerJobRunner } from '../report-products';
import './messages';
import { fhirOrderRoutes } from './fhir-routes';
import { peerRoutes, registerCallRoutes } from './routes';
import { runHl7Cancel, runHl7Result } from './result-job';
import { runHl7Critical } from './critical-job';

// Results go out from the report jobs' outbox (written by the audit), with its retries and leases; the
// runners are known before any module starts (the report jobs' worker starts first).
registerJobRunner('hl7_result', runHl7Result);
registerJobRunner('hl7_cancel', runHl7Cancel);
registerJobRunner('hl7_critical', runHl7Critical);

/** The hospital information system's side (issue 38, docs/his.md): HL7 v2 and FHIR orders in, results out. */
export const hisModule: ServerModule = {
  name: 'his',
  permissions: [PERMISSIONS.SYS_DEVICE, PERMISSIONS.QUEUE_REGISTER],
  routes: () => [peerRoutes(), registerCallRoutes(), fhirOrderRoutes()],
};

// What other modules use of this one.
export { startHl7Listener, type Hl7Listener } from './hl7-listener';
