import type { ServerModule } from '../../platform/module';
import { PERMISSIONS } from '@shared/permissions';
import { peerRoutes } from './routes';

/** The hospital information system's side (issue 38, docs/his.md): HL7 v2 orders in, results out. */
export const hisModule: ServerModule = {
  name: 'his',
  permissions: [PERMISSIONS.SYS_DEVICE],
  routes: () => [peerRoutes()],
};

// What other modules use of this one.
export { startHl7Listener, type Hl7Listener } from './hl7-listener';
