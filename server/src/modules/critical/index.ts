import './messages';
import type { AppDeps } from '../../platform/context';
import type { ServerModule } from '../../platform/module';
import { loggableError } from '../../platform/core/log-error';
import { PERMISSIONS } from '@shared/permissions';
import { criticalChanged } from '../report';
import { criticalRoutes } from './routes';
import { criticalChangedFor, escalateDue } from './service';

/** How often open critical results are checked for escalation. */
const SWEEP_MS = 60_000;
const timers = new WeakMap<object, NodeJS.Timeout>();

/** Critical results' closed loop (issue 41): pushed to the department, acknowledged, escalated in time. */
export const criticalModule: ServerModule = {
  name: 'critical',
  permissions: [PERMISSIONS.CRITICAL_MANAGE],
  routes: () => [criticalRoutes()],
  start: ({ deps }) => {
    criticalChanged.on(deps, (d, e) => criticalChangedFor(d, e.rpt_pk));
    const sweep = (d: AppDeps) =>
      void escalateDue(d)
        .then((n) => {
          if (n) d.log.info({ escalated: n }, 'critical results escalated for want of an acknowledgement');
        })
        .catch((err: unknown) => d.log.error({ err: loggableError(err) }, 'critical results: escalation failed'));
    const timer = setInterval(() => sweep(deps), SWEEP_MS);
    timer.unref();
    timers.set(deps, timer);
  },
  stop: async (deps) => {
    clearInterval(timers.get(deps));
    timers.delete(deps);
  },
};

// What other modules use of this one.
export { escalateDue } from './service';
