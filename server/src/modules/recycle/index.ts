import './messages';
import type { ServerModule } from '../../platform/module';
import { PERMISSIONS } from '@shared/permissions';
import { startPurgeTimer } from './purge';
import { recycleRoutes } from './routes';

/** How often the recycle bin is swept for studies past RECYCLE_KEEP_DAYS, and the first sweep after start. */
const PURGE_EVERY_MS = 60 * 60_000;
const FIRST_PURGE_MS = 60_000;

/** Each platform's timer (tests run several platforms in one process). */
const timers = new WeakMap<object, ReturnType<typeof startPurgeTimer>>();

export const recycleModule: ServerModule = {
  name: 'recycle',
  permissions: [PERMISSIONS.ORDER_DELETE, PERMISSIONS.ORDER_PURGE],
  routes: () => [recycleRoutes()],
  start: ({ deps }) => {
    const keep = deps.env.RECYCLE_KEEP_DAYS;
    if (keep > 0) timers.set(deps, startPurgeTimer(deps, keep, PURGE_EVERY_MS, FIRST_PURGE_MS));
  },
  stop: async (deps) => {
    await timers.get(deps)?.stop();
    timers.delete(deps);
  },
};

// What other modules use of this one.
export { purgeExpired } from './purge';
export { binLocked, refuseAudited, type Who } from './service';
export { addressable, lockStudies, type StudyRecord } from './scope';
