import './messages';
import type { ServerModule } from '../../platform/module';
import { queueAudioRoutes } from './audio-route';
import { callDeviceRoutes } from './call-device-routes';
import { registerRoutes } from './register-routes';
import { writeReportRoutes } from './write-report';
import { PERMISSIONS } from '@shared/permissions';

export const queueModule: ServerModule = {
  name: 'queue',
  permissions: [PERMISSIONS.QUEUE_CALL, PERMISSIONS.QUEUE_REGISTER, PERMISSIONS.SYS_DEVICE, PERMISSIONS.DASHBOARD],
  routes: () => [registerRoutes(), callDeviceRoutes(), queueAudioRoutes(), writeReportRoutes()],
};

// What other modules use of this one.
export { publishAll as publishQueueEvents, queueCtx, type QueueCtx } from './context';
export { leaveQueue } from './study-gone';
export { queueDay } from './day';
export { seedDemoCallDevice } from './demo-call-device';
export { noRoom } from './errors';
export { postRoute } from './post-route';
export { ownRow, queueHospital } from './scope';
export { createScreenHub } from './screens';
