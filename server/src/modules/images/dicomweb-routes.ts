import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import {
  FramePathSchema,
  InstancePathSchema,
  QidoQuerySchema,
  RenderedFramePathSchema,
  RenderedQuerySchema,
  SeriesPathSchema,
  StudyPathSchema,
  WadoRsQuerySchema,
  type QidoQuery,
} from '@shared/schemas/dicomweb';
import type { AppEnv } from '../../platform/context';
import { AppError, notFound } from '../../platform/core/errors';
import { t } from '../../platform/core/i18n';
import { newRouter, type Router } from '../../platform/http/router';
import { toJson, type JsonDataSet } from './dicomweb-json';
import {
  acceptsDicom,
  acceptsJpeg,
  acceptsJson,
  frameType,
  multipartRelated,
  parseAccept,
  type Part,
} from './dicomweb-media';
import {
  instanceFilter,
  instanceJson,
  liveInstances,
  searchSeries,
  searchStudies,
  seriesJson,
  studyJson,
  visibleStudyPk,
  type LiveInstance,
} from './dicomweb-qido';
import { sessionUnlessViewerToken, viewerOf } from './dicomweb-viewer';
import { renderFrame, type RenderOptions } from './render';
import { attributesOf, frameBytes, JPEG_BASELINE, NATIVE, syntaxName } from './render-frames';
import { NoSuchFrame, notAcceptable, parseStored, RenderRefused, refusedMessage } from './render-instance';

const DICOM_JSON = 'application/dicom+json';
const binary = (type: string) => ({ [type]: { schema: z.string().openapi({ format: 'binary' }) } });
const errors = {
  400: { description: 'Invalid input (the field named)' },
  401: { description: 'Not signed in, or a dead viewer token' },
  404: { description: 'No such study, series, instance or frame in the caller’s scope' },
  406: { description: 'The Accept header asks for what cannot be given' },
};

/** What every DICOMweb route shares: a session, or a viewer token for its study. */
const common = { tags: ['dicomweb'], middleware: [sessionUnlessViewerToken], 'x-permission': 'session' as const };

type C = Context<AppEnv>;
const baseOf = (c: C) => `${new URL(c.req.url).origin}/dicomweb`;
const json = (c: C, body: unknown) => c.body(JSON.stringify(body), 200, { 'content-type': DICOM_JSON });
const refuse406 = (c: C, offered: string) =>
  notAcceptable(c, t(c, 'imgNotAcceptableRs', { type: c.req.header('accept') ?? '', offered }));

/** The study's pk in the caller's scope, else 404 (another hospital's study looks like no study). */
async function studyPk(c: C, studyIuid: string): Promise<number> {
  const pk = await visibleStudyPk(c.var.deps.db, await viewerOf(c), studyIuid);
  if (pk === null) throw notFound();
  return pk;
}

/** Live instances under a path (study, series, or one instance); 404 when there are none. */
async function instancesAt(c: C, p: { study: string; series?: string; instance?: string }) {
  const pk = await studyPk(c, p.study);
  const rows = await liveInstances(c.var.deps.db, pk, {
    series: p.series ? [p.series] : undefined,
    sops: p.instance ? [p.instance] : undefined,
  });
  if (!rows.length) throw notFound();
  return rows;
}

const instanceUrl = (c: C, study: string, r: LiveInstance) =>
  `${baseOf(c)}/studies/${study}/series/${r.series_iuid}/instances/${r.sop_iuid}`;

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
  return app;
}

/** QIDO-RS (PS3.18 10.6): studies, series and instances. */
function searchRoutes(app: Router) {
  const qido = <P extends z.ZodObject>(path: string, summary: string, params: P) =>
    createRoute({
      ...common,
      method: 'get',
      path,
      summary: `QIDO-RS (PS3.18 10.6): ${summary}. application/dicom+json, [] when nothing matches; the caller's hospital and modalities only, deleted images never`,
      request: { query: QidoQuerySchema, params },
      responses: { 200: { description: 'Matches', content: binary(DICOM_JSON) }, ...errors },
    });
  app.openapi(
    qido(
      '/dicomweb/studies',
      'studies matching PatientID, PatientName (* ?), StudyDate (a-b), AccessionNumber, ModalitiesInStudy, StudyInstanceUID (list), StudyDescription; limit, offset',
      z.object({}),
    ),
    async (c) => {
      if (!acceptsJson(parseAccept(c.req.header('accept')))) return refuse406(c, DICOM_JSON);
      const rows = await searchStudies(c.var.deps.db, await viewerOf(c), c.req.valid('query'));
      return json(
        c,
        rows.map((r) => studyJson(r, baseOf(c))),
      );
    },
  );
  app.openapi(
    qido('/dicomweb/studies/{study}/series', "a study's series (Modality, SeriesInstanceUID)", StudyPathSchema),
    async (c) => {
      if (!acceptsJson(parseAccept(c.req.header('accept')))) return refuse406(c, DICOM_JSON);
      const { study } = c.req.valid('param');
      const pk = await visibleStudyPk(c.var.deps.db, await viewerOf(c), study);
      if (pk === null) return json(c, []);
      const rows = await searchSeries(c.var.deps.db, pk, c.req.valid('query'));
      return json(
        c,
        rows.map((r) => seriesJson(study, r, baseOf(c))),
      );
    },
  );
  const instancesRoute = async (c: C, study: string, q: QidoQuery, series?: string) => {
    if (!acceptsJson(parseAccept(c.req.header('accept')))) return refuse406(c, DICOM_JSON);
    const pk = await visibleStudyPk(c.var.deps.db, await viewerOf(c), study);
    if (pk === null) return json(c, []);
    const f = instanceFilter(q);
    const rows = await liveInstances(c.var.deps.db, pk, { ...f, series: series ? [series] : f.series });
    return json(
      c,
      rows.map((r) => instanceJson(study, r, baseOf(c))),
    );
  };
  app.openapi(
    qido(
      '/dicomweb/studies/{study}/instances',
      "a study's instances (SeriesInstanceUID, SOPInstanceUID)",
      StudyPathSchema,
    ),
    (c) => instancesRoute(c, c.req.valid('param').study, c.req.valid('query')),
  );
  app.openapi(
    qido(
      '/dicomweb/studies/{study}/series/{series}/instances',
      "a series' instances (SOPInstanceUID)",
      SeriesPathSchema,
    ),
    (c) => {
      const p = c.req.valid('param');
      return instancesRoute(c, p.study, c.req.valid('query'), p.series);
    },
  );
}

/** WADO-RS retrieve: the stored instances as multipart/related; type="application/dicom", streamed. */
function retrieveRoutes(app: Router) {
  const retrieve = async (c: C, p: { study: string; series?: string; instance?: string }) => {
    const rows = await instancesAt(c, p);
    const ranges = parseAccept(c.req.header('accept'));
    if (!acceptsDicom(ranges, [...new Set(rows.map((r) => r.transfer_syntax))])) {
      return refuse406(c, 'multipart/related; type="application/dicom"; transfer-syntax=*');
    }
    const { images } = c.var.deps;
    async function* parts(): AsyncGenerator<Part> {
      for (const r of rows) {
        const found = await images.get(r.storage_key);
        if (!found) continue;
        yield {
          type: `application/dicom; transfer-syntax=${r.transfer_syntax}`,
          body: found.body,
          location: instanceUrl(c, p.study, r),
        };
      }
    }
    const m = multipartRelated(parts(), 'application/dicom');
    return c.body(m.body, 200, { 'content-type': m.contentType, 'cache-control': 'private' });
  };
  const wado = <P extends z.ZodObject>(path: string, summary: string, params: P) =>
    createRoute({
      ...common,
      method: 'get',
      path,
      summary: `WADO-RS (PS3.18 10.4): ${summary}`,
      request: { params, query: WadoRsQuerySchema },
      responses: { 200: { description: 'The instances', content: binary('multipart/related') }, ...errors },
    });
  app.openapi(
    wado('/dicomweb/studies/{study}', "a study's stored instances, multipart/related", StudyPathSchema),
    (c) => retrieve(c, c.req.valid('param')),
  );
  app.openapi(
    wado(
      '/dicomweb/studies/{study}/series/{series}',
      "a series' stored instances, multipart/related",
      SeriesPathSchema,
    ),
    (c) => retrieve(c, c.req.valid('param')),
  );
  app.openapi(
    wado(
      '/dicomweb/studies/{study}/series/{series}/instances/{instance}',
      'one stored instance, multipart/related',
      InstancePathSchema,
    ),
    (c) => retrieve(c, c.req.valid('param')),
  );
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

/** WADO-RS frames (native pixels as application/octet-stream, a JPEG frame as stored) and rendered (image/jpeg through the renderer). */
function frameRoutes(app: Router) {
  app.openapi(
    createRoute({
      ...common,
      method: 'get',
      path: '/dicomweb/studies/{study}/series/{series}/instances/{instance}/frames/{frames}',
      summary:
        'WADO-RS frames (PS3.18 10.4.1.1.4), 1-based and comma-separated: multipart/related; uncompressed frames as application/octet-stream, JPEG baseline frames as stored (image/jpeg, or octet-stream with its transfer syntax when asked with transfer-syntax=*)',
      request: { params: FramePathSchema, query: WadoRsQuerySchema },
      responses: { 200: { description: 'The frames', content: binary('multipart/related') }, ...errors },
    }),
    async (c) => {
      const p = c.req.valid('param');
      const [row] = await instancesAt(c, p);
      const compressed = JPEG_BASELINE.has(row!.transfer_syntax);
      if (!compressed && !NATIVE.has(row!.transfer_syntax)) {
        return notAcceptable(
          c,
          refusedMessage(c, new RenderRefused('imgRenderSyntax', { syntax: syntaxName(row!.transfer_syntax) })),
        );
      }
      const type = frameType(parseAccept(c.req.header('accept')), row!.transfer_syntax, compressed);
      if (!type)
        return refuse406(
          c,
          compressed ? 'multipart/related; type="image/jpeg"' : 'multipart/related; type="application/octet-stream"',
        );
      let frames: Buffer[];
      try {
        const ds = await parseStored(c.var.deps.images, row!.storage_key);
        const img = attributesOf(ds);
        frames = p.frames.split(',').map((n) => frameBytes(ds, img, Number(n)).data);
      } catch (err) {
        if (err instanceof NoSuchFrame) throw notFound();
        if (err instanceof RenderRefused) return notAcceptable(c, refusedMessage(c, err));
        throw err;
      }
      const base = instanceUrl(c, p.study, row!);
      const numbers = p.frames.split(',');
      async function* parts(): AsyncGenerator<Part> {
        for (const [i, data] of frames.entries())
          yield { type: type!, body: data, location: `${base}/frames/${numbers[i]}` };
      }
      const m = multipartRelated(parts(), type.split(';')[0]!);
      return c.body(m.body, 200, { 'content-type': m.contentType, 'cache-control': 'private' });
    },
  );

  const rendered = async (
    c: C,
    p: { study: string; series: string; instance: string },
    frame: number,
    q: z.infer<typeof RenderedQuerySchema>,
  ) => {
    if (!acceptsJpeg(parseAccept(c.req.header('accept')))) return refuse406(c, 'image/jpeg');
    const [row] = await instancesAt(c, p);
    const o: RenderOptions = { frame, quality: q.quality };
    if (q.window) {
      const [center, width] = q.window.split(',').map(Number);
      if (!(width! >= 1)) {
        throw AppError.validation('validation', [{ field: 'window', msg: t(c, 'imgWindowPair') }]);
      }
      Object.assign(o, { windowCenter: center, windowWidth: width });
    }
    if (q.viewport) {
      const [columns, rows] = q.viewport.split(',').map(Number);
      Object.assign(o, { columns: columns || undefined, rows: rows || undefined });
    }
    let jpeg: Buffer;
    try {
      jpeg = await renderFrame(await parseStored(c.var.deps.images, row!.storage_key), o);
    } catch (err) {
      if (err instanceof NoSuchFrame) throw notFound();
      if (err instanceof RenderRefused) return notAcceptable(c, refusedMessage(c, err));
      throw err;
    }
    return c.body(new Uint8Array(jpeg), 200, { 'content-type': 'image/jpeg', 'cache-control': 'private, max-age=600' });
  };
  const renderedRoute = <P extends z.ZodObject>(path: string, what: string, params: P) =>
    createRoute({
      ...common,
      method: 'get',
      path,
      summary: `WADO-RS rendered (PS3.18 10.4.1.1.3) ${what} as image/jpeg: window=center,width, quality, viewport=width,height`,
      request: { params, query: RenderedQuerySchema },
      responses: { 200: { description: 'The rendered frame', content: binary('image/jpeg') }, ...errors },
    });
  app.openapi(
    renderedRoute(
      '/dicomweb/studies/{study}/series/{series}/instances/{instance}/rendered',
      "an instance's first frame",
      InstancePathSchema,
    ),
    (c) => rendered(c, c.req.valid('param'), 1, c.req.valid('query')),
  );
  app.openapi(
    renderedRoute(
      '/dicomweb/studies/{study}/series/{series}/instances/{instance}/frames/{frame}/rendered',
      'one frame',
      RenderedFramePathSchema,
    ),
    (c) => {
      const p = c.req.valid('param');
      return rendered(c, p, p.frame, c.req.valid('query'));
    },
  );
}
