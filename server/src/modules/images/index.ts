import './messages';
import type { ServerModule } from '../../platform/module';
import { dicomwebRoutes } from './dicomweb-routes';
import { DICOMWEB_STREAMED_UPLOADS } from './dicomweb-stow-routes';
import { orderImageRoutes } from './order-image-routes';
import { gateOf, IMAGE_STREAMED_UPLOADS, uploadRoutes } from './upload-routes';
import { viewerRoutes } from './viewer-routes';
import { wadoRoutes } from './wado-routes';
import { cleanStaging } from './staging-owner';
import { PERMISSIONS } from '@shared/permissions';

export const imagesModule: ServerModule = {
  name: 'images',
  permissions: [PERMISSIONS.DELETE_IMAGE, PERMISSIONS.UPLOAD_ZIP],
  routes: () => [uploadRoutes(), wadoRoutes(), viewerRoutes(), dicomwebRoutes(), orderImageRoutes()],
  streamedBodies: { ...IMAGE_STREAMED_UPLOADS, ...DICOMWEB_STREAMED_UPLOADS },
  start: async ({ deps }) => {
    deps.metrics.gauge(
      'ingest_uploads',
      'Image uploads (web and STOW-RS) by state: ingesting now, waiting for a turn, admitted in all',
      () => {
        const s = gateOf(deps).stats();
        return { running: s.running, waiting: s.waiting, admitted: s.admitted };
      },
      'state',
    );
    // Stopped servers' staged files go, and the bytes their uploads put without rows (staging-owner.ts).
    const swept = await cleanStaging(deps);
    if (swept) deps.log.info({ swept }, 'staged files of a stopped server removed');
  },
};

// What other modules use of this one.
export { visibleStudy } from './archive';
export { seedDemoImages } from './demo-series';
export { nameGroups, wildcardLike } from './dicom-match';
export { nameMatch } from './dicomweb-qido';
export { createIngest } from './ingest';
export { createInstanceRules } from './instance-rules';
export { BadDicom, parseInstance, type InstanceMeta } from './parse';
export { IMPLEMENTATION_CLASS_UID, IMPLEMENTATION_VERSION, part10Header } from './part10-header';
export { explicitLittleEndian, NotTranscodable } from './transcode';
export { studyOfViewerToken } from './viewer-token';
export { servedInstanceBytes, type InstanceUids } from './served-instance';
export { sessionOrViewerToken, viewerOfRequest } from './viewer-routes';
export type { Viewer } from './dicomweb-qido';
export { identityOf, NotRewritable, rewriteIdentity, type IdentityChanges } from './rewrite-identity';
export { pendingKeys } from './pending-keys';
export { refreshStudyCounts } from './study-counts';
export type { FileOutcome } from './ingest-types';
