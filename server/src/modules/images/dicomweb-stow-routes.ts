import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { createRoute, z } from '@hono/zod-openapi';
import { eq } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import { PERMISSIONS } from '@shared/permissions';
import { StowQuerySchema, StudyPathSchema } from '@shared/schemas/dicomweb';
import { UPLOAD_MAX_BYTES } from '@shared/schemas/images';
import type { AppEnv } from '../../platform/context';
import { AppError } from '../../platform/core/errors';
import { t } from '../../platform/core/i18n';
import { hospital } from '../../platform/db/schema';
import { clientMeta } from '../../platform/http/client-meta';
import { guard } from '../../platform/http/guard';
import type { Router } from '../../platform/http/router';
import { assertHospital } from '../../platform/hospital-scope';
import { acceptsJson, parseAccept } from './dicomweb-media';
import { baseOf, binary, DICOM_JSON, errors, refuse406, type C } from './dicomweb-route-parts';
import { ownStaging } from './staging-owner';
import { ingestStow } from './stow-ingest';
import { receiveStow, stowBoundary } from './stow-receive';
import { gateOf } from './upload-routes';

const STOW_PATHS = ['/dicomweb/studies', '/dicomweb/studies/{study}'] as const;

/** STOW-RS bodies are streamed to disk and counted as they arrive, like the upload's (app.ts leaves them unbuffered). */
export const DICOMWEB_STREAMED_UPLOADS: Record<string, number> = Object.fromEntries(
  STOW_PATHS.map((p) => [p, UPLOAD_MAX_BYTES]),
);

/** Seconds a client told "busy" (503) is asked to wait, as for the upload. */
const BUSY_RETRY_S = 10;

/** A viewer token opens one study to read: it never stores (403, before anything else is looked at). */
const refuseViewerToken: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.req.query('token') !== undefined) throw new AppError(403, 'FORBIDDEN', 'imgViewerReadOnly');
  await next();
};

/** The hospital the instances go to: the one asked for (the caller must be allowed it), else the caller's own. */
async function hospitalOf(c: C, asked: string | undefined): Promise<string> {
  const code = asked ?? c.var.user.hospital_code;
  const [h] = await c.var.deps.db.select({ code: hospital.code }).from(hospital).where(eq(hospital.code, code));
  if (!h) throw new AppError(400, 'VALIDATION', 'imgChooseHospital');
  assertHospital(c.var.user, h.code);
  return h.code;
}

const unsupported = (c: C) =>
  c.json(
    {
      success: false,
      msg: t(c, 'stowWrongType', { type: (c.req.header('content-type') ?? '').slice(0, 100) }),
      data: null,
      code: 415,
      error: 'VALIDATION' as const,
    },
    415,
  );

async function stow(c: C, study: string | undefined, asked: string | undefined) {
  const { deps } = c.var;
  if (!acceptsJson(parseAccept(c.req.header('accept')))) return refuse406(c, DICOM_JSON);
  const hospitalCode = await hospitalOf(c, asked);
  const boundary = stowBoundary(c.req.header('content-type'));
  if (boundary === 'unsupported') return unsupported(c);
  if (Number(c.req.header('content-length') ?? 0) > UPLOAD_MAX_BYTES)
    throw new AppError(413, 'PAYLOAD_TOO_LARGE', 'payloadTooLarge');
  const busy = () => {
    c.header('retry-after', String(BUSY_RETRY_S));
    return new AppError(503, 'UNAVAILABLE', 'imgIngestBusy', { seconds: BUSY_RETRY_S });
  };
  const ticket = gateOf(deps).admit();
  if (!ticket) throw busy();
  // Everything this request stages lives in its own folder, removed whole however the request ends.
  const dir = path.join(ownStaging(deps.images.stagingDir), `stow-${randomUUID()}`);
  try {
    const parts = await receiveStow(c.req.raw.body, boundary, dir, UPLOAD_MAX_BYTES);
    await ticket.turn(c.req.raw.signal).catch(() => {
      throw busy();
    });
    deps.log.info({ parts: parts.length, ...gateOf(deps).stats() }, 'dicomweb stow started');
    const { ip, locale } = clientMeta(c);
    const ctx = { deps, who: c.var.user, hospitalCode, ip };
    const answer = await ingestStow(ctx, parts, { study, base: baseOf(c), locale });
    return c.body(JSON.stringify(answer.body), answer.status, { 'content-type': DICOM_JSON });
  } finally {
    ticket.release();
    await rm(dir, { recursive: true, force: true });
  }
}

/** STOW-RS (PS3.18 10.5): Part 10 instances in a multipart/related body, stored as an upload stores them. */
export function stowRoutes(app: Router) {
  const route = <P extends z.ZodObject>(p: (typeof STOW_PATHS)[number], what: string, params: P) =>
    createRoute({
      tags: ['dicomweb'],
      method: 'post',
      path: p,
      summary: `STOW-RS (PS3.18 10.5): store ${what}. Body multipart/related; type="application/dicom", each part one Part 10 instance (at most 256 MiB each, 2 GiB in all, streamed to disk); stored as the image upload stores them (its permission, duplicate and hospital rules), in the caller's hospital or hospital_code. Answers the Store Instances Response as application/dicom+json: 200 all stored, 202 some failed, 409 none stored (FailedSOPSequence with FailureReason); another media type 415; a viewer token 403`,
      middleware: [refuseViewerToken, ...guard(PERMISSIONS.UPLOAD_ZIP)],
      'x-permission': PERMISSIONS.UPLOAD_ZIP,
      request: {
        params,
        query: StowQuerySchema,
        body: {
          content: { 'multipart/related': { schema: z.string().openapi({ format: 'binary' }) } },
          required: true,
        },
      },
      responses: {
        200: { description: 'Every instance stored (or already stored)', content: binary(DICOM_JSON) },
        202: { description: 'Some instances stored, some failed', content: binary(DICOM_JSON) },
        409: { description: 'No instance stored', content: binary(DICOM_JSON) },
        ...errors,
        403: { description: 'No upload permission, a hospital not the caller’s, or a viewer token' },
        413: { description: 'The body is larger than 2 GiB' },
        415: { description: 'Not multipart/related; type="application/dicom"' },
        503: { description: 'Too many ingests at once; Retry-After says when to try again' },
      },
    });
  app.openapi(route('/dicomweb/studies', 'instances of any studies', z.object({})), (c) =>
    stow(c, undefined, c.req.valid('query').hospital_code),
  );
  app.openapi(
    route('/dicomweb/studies/{study}', "instances of this study (others' parts fail)", StudyPathSchema),
    (c) => stow(c, c.req.valid('param').study, c.req.valid('query').hospital_code),
  );
}
