import { createRoute, type z } from '@hono/zod-openapi';
import {
  FramePathSchema,
  InstancePathSchema,
  RenderedFramePathSchema,
  RenderedQuerySchema,
  WadoRsQuerySchema,
} from '@shared/schemas/dicomweb';
import { AppError, notFound } from '../../platform/core/errors';
import { t } from '../../platform/core/i18n';
import type { Router } from '../../platform/http/router';
import { acceptsJpeg, frameAnswer, multipartRelated, parseAccept, type Part } from './dicomweb-media';
import { binary, common, errors, instancesAt, instanceUrl, refuse406, type C } from './dicomweb-route-parts';
import { renderFrame, type RenderOptions } from './render';
import { attributesOf, frameBytes } from './render-frames';
import { NoSuchFrame, notAcceptable, parseStored, RenderRefused, refusedMessage } from './render-instance';
import { isNative, nativeFrame } from './transcode';

/** What a 406 names as offered for a frame stored in this syntax. */
const offeredFrames = (stored: string) =>
  `multipart/related; type="application/octet-stream"; transfer-syntax=${isNative(stored) ? '1.2.840.10008.1.2.1' : `${stored} or 1.2.840.10008.1.2.1`}`;

/** WADO-RS frames (native pixels as application/octet-stream, a JPEG frame as stored) and rendered (image/jpeg through the renderer). */
export function frameRoutes(app: Router) {
  app.openapi(
    createRoute({
      ...common,
      method: 'get',
      path: '/dicomweb/studies/{study}/series/{series}/instances/{instance}/frames/{frames}',
      summary:
        'WADO-RS frames (PS3.18 10.4.1.1.4), 1-based and comma-separated: multipart/related; application/octet-stream is explicit VR little endian (a compressed frame decoded) unless transfer-syntax=* or the stored syntax asks for the stored bytes; a compressed frame also as its image type (image/jpeg, image/jls, image/jp2, image/x-dicom-rle)',
      request: { params: FramePathSchema, query: WadoRsQuerySchema },
      responses: { 200: { description: 'The frames', content: binary('multipart/related') }, ...errors },
    }),
    async (c) => {
      const p = c.req.valid('param');
      const [row] = await instancesAt(c, p);
      const stored = row!.transfer_syntax;
      const answer = frameAnswer(parseAccept(c.req.header('accept')), stored);
      if (!answer) return refuse406(c, offeredFrames(stored));
      const numbers = p.frames.split(',').map(Number);
      let frames: Buffer[];
      try {
        const ds = await parseStored(c.var.deps.images, row!.storage_key);
        const img = attributesOf(ds);
        const asStored = answer.syntax === stored || isNative(stored);
        frames = [];
        // One at a time: a decoded frame is held only until it is in the answer.
        for (const n of numbers)
          frames.push(asStored ? frameBytes(ds, img, n).data : (await nativeFrame(ds, img, n)).data);
      } catch (err) {
        if (err instanceof NoSuchFrame) throw notFound();
        if (err instanceof RenderRefused) return notAcceptable(c, refusedMessage(c, err));
        throw err;
      }
      const base = instanceUrl(c, p.study, row!);
      async function* parts(): AsyncGenerator<Part> {
        for (const [i, data] of frames.entries())
          yield { type: answer!.type, body: data, location: `${base}/frames/${numbers[i]}` };
      }
      const m = multipartRelated(parts(), answer.type.split(';')[0]!);
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
