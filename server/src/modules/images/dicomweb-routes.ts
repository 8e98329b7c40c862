import { createRoute, z } from '@hono/zod-openapi';
import { InstancePathSchema, SeriesPathSchema, StudyPathSchema, WadoRsQuerySchema } from '@shared/schemas/dicomweb';
import { newRouter, type Router } from '../../platform/http/router';
import { toJson, type JsonDataSet } from './dicomweb-json';
import { acceptsJson, parseAccept } from './dicomweb-media';
import type { LiveInstance } from './dicomweb-qido';
import { frameRoutes } from './dicomweb-frame-routes';
import { searchRoutes } from './dicomweb-search-routes';
import { stowRoutes } from './dicomweb-stow-routes';
import { thumbnailRoutes } from './dicomweb-thumbnail-routes';
import { retrieveRoutes } from './dicomweb-retrieve-routes';
import {
  binary,
  common,
  DICOM_JSON,
  errors,
  instancesAt,
  instanceUrl,
  refuse406,
  type C,
} from './dicomweb-route-parts';
import { parseStored } from './render-instance';

/** The stored data sets as a JSON array, one instance read at a time (an unreadable one is left out). */
function metadataStream(c: C, study: string, rows: LiveInstance[]): ReadableStream {
  const { images } = c.var.deps;
  let i = 0;
  return new ReadableStream({
    async pull(ctl) {
      if (i === rows.length) {
        ctl.enqueue(new TextEncoder().encode(i === 0 ? '[]' : ']'));
        ctl.close();
        return;
      }
      const r = rows[i]!;
      let item: JsonDataSet | null;
      try {
        const ds = await parseStored(images, r.storage_key);
        const frames = Array.from({ length: Math.max(1, r.frame_count) }, (_, n) => n + 1).join(',');
        item = toJson(ds.elements.values(), '', `${instanceUrl(c, study, r)}/frames/${frames}`);
      } catch {
        item = null;
      }
      ctl.enqueue(new TextEncoder().encode((i === 0 ? '[' : ',') + (item ? JSON.stringify(item) : '{}')));
      i++;
    },
  });
}

export function dicomwebRoutes() {
  const app = newRouter();
  searchRoutes(app);
  retrieveRoutes(app);
  metadataRoutes(app);
  frameRoutes(app);
  thumbnailRoutes(app);
  stowRoutes(app);
  return app;
}

/** WADO-RS metadata: every attribute but the pixel data (a BulkDataURI naming its frames). */
function metadataRoutes(app: Router) {
  const metadata = async (c: C, p: { study: string; series?: string; instance?: string }) => {
    if (!acceptsJson(parseAccept(c.req.header('accept')))) return refuse406(c, DICOM_JSON);
    const rows = await instancesAt(c, p);
    return c.body(metadataStream(c, p.study, rows), 200, { 'content-type': DICOM_JSON, 'cache-control': 'private' });
  };
  const meta = <P extends z.ZodObject>(path: string, what: string, params: P) =>
    createRoute({
      ...common,
      method: 'get',
      path,
      summary: `WADO-RS metadata (PS3.18 10.4.1.1.2) of ${what}: application/dicom+json, pixel data as a BulkDataURI`,
      request: { params, query: WadoRsQuerySchema },
      responses: { 200: { description: 'The data sets', content: binary(DICOM_JSON) }, ...errors },
    });
  app.openapi(meta('/dicomweb/studies/{study}/metadata', 'a study', StudyPathSchema), (c) =>
    metadata(c, c.req.valid('param')),
  );
  app.openapi(meta('/dicomweb/studies/{study}/series/{series}/metadata', 'a series', SeriesPathSchema), (c) =>
    metadata(c, c.req.valid('param')),
  );
  app.openapi(
    meta('/dicomweb/studies/{study}/series/{series}/instances/{instance}/metadata', 'an instance', InstancePathSchema),
    (c) => metadata(c, c.req.valid('param')),
  );
}
