import { Hono } from 'hono';
import { OpenDicomQuerySchema, ViewerLinkQuerySchema } from '@shared/agent/api';
import { ok } from '../../lib/respond';
import { query } from '../../lib/validate';
import { viewerLink, type Viewer } from './viewer';

export function viewerRoutes(viewer: Viewer, protocol: string) {
  return new Hono()
    .get('/openDicom', query(OpenDicomQuerySchema), async (c) => {
      const { type, study_iuid } = c.req.valid('query');
      await viewer.run(type, study_iuid);
      return ok(c, null);
    })
    .get('/viewer/link', query(ViewerLinkQuerySchema), (c) => {
      const { type, study_iuid } = c.req.valid('query');
      return ok(c, { url: viewerLink(protocol, type, study_iuid) });
    });
}
