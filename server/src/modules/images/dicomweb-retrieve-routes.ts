import { Readable } from 'node:stream';
import { createRoute, type z } from '@hono/zod-openapi';
import { InstancePathSchema, SeriesPathSchema, StudyPathSchema, WadoRsQuerySchema } from '@shared/schemas/dicomweb';
import type { Router } from '../../platform/http/router';
import { dicomAnswer, multipartRelated, parseAccept, type Answer, type Part } from './dicomweb-media';
import { binary, common, errors, instancesAt, instanceUrl, refuse406, type C } from './dicomweb-route-parts';
import { parseStored } from './render-instance';
import { explicitPart10 } from './transcode';

/**
 * WADO-RS retrieve (PS3.18 10.4.1.1.1): instances as multipart/related; type="application/dicom", streamed one
 * at a time. Stored bytes when the stored syntax is accepted, else a transcode to explicit VR little endian
 * (dicomAnswer). One that cannot be transcoded mid-stream is left out and logged: the status is already sent.
 */
export function retrieveRoutes(app: Router) {
  const retrieve = async (c: C, p: { study: string; series?: string; instance?: string }) => {
    const rows = await instancesAt(c, p);
    const ranges = parseAccept(c.req.header('accept'));
    const answers = new Map<string, Answer | null>();
    for (const s of new Set(rows.map((r) => r.transfer_syntax))) answers.set(s, dicomAnswer(ranges, s));
    if ([...answers.values()].some((a) => !a)) {
      return refuse406(c, 'multipart/related; type="application/dicom"; transfer-syntax=1.2.840.10008.1.2.1 or *');
    }
    const { images, log } = c.var.deps;
    async function* parts(): AsyncGenerator<Part> {
      for (const r of rows) {
        const answer = answers.get(r.transfer_syntax)!;
        const location = instanceUrl(c, p.study, r);
        if (answer.syntax === r.transfer_syntax) {
          const found = await images.get(r.storage_key);
          if (found) yield { type: answer.type, body: found.body, location };
          continue;
        }
        try {
          const ds = await parseStored(images, r.storage_key);
          yield { type: answer.type, body: Readable.from(await explicitPart10(ds)), location };
        } catch (err) {
          log.warn({ err, sop: r.sop_iuid, from: r.transfer_syntax }, 'instance left out of a WADO-RS retrieve');
        }
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
      summary: `WADO-RS (PS3.18 10.4): ${summary}; transfer-syntax=* or the stored syntax as stored, none or 1.2.840.10008.1.2.1 as explicit VR little endian (compressed pixel data decoded)`,
      request: { params, query: WadoRsQuerySchema },
      responses: { 200: { description: 'The instances', content: binary('multipart/related') }, ...errors },
    });
  app.openapi(wado('/dicomweb/studies/{study}', "a study's instances, multipart/related", StudyPathSchema), (c) =>
    retrieve(c, c.req.valid('param')),
  );
  app.openapi(
    wado('/dicomweb/studies/{study}/series/{series}', "a series' instances, multipart/related", SeriesPathSchema),
    (c) => retrieve(c, c.req.valid('param')),
  );
  app.openapi(
    wado(
      '/dicomweb/studies/{study}/series/{series}/instances/{instance}',
      'one instance, multipart/related',
      InstancePathSchema,
    ),
    (c) => retrieve(c, c.req.valid('param')),
  );
}
