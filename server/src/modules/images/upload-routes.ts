import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { z } from '@hono/zod-openapi';
import { eq } from 'drizzle-orm';
import { stream } from 'hono/streaming';
import { PERMISSIONS } from '@shared/permissions';
import { UPLOAD_MAX_BYTES } from '@shared/schemas/images';
import type { AppDeps } from '../../platform/context';
import { hospital } from '../../platform/db/schema';
import { clientMeta } from '../../platform/http/client-meta';
import { AppError } from '../../platform/core/errors';
import { okResponse } from '../../platform/http/route';
import { newRouter } from '../../platform/http/router';
import { guard } from '../../platform/http/guard';
import { assertHospital } from '../../platform/hospital-scope';
import { createIngestGate, type IngestGate } from './ingest-gate';
import { receiveUpload } from './receive-upload';
import { ownStaging } from './staging-owner';
import { inflateBudget, ingestUpload } from './upload-ingest';
import { openZip, TooManyEntries, UnsafeEntryName, ZIP_MAX_ENTRIES, type ZipReader } from './zip-entries';

const PATH = '/UploadDicom/uploadZip';

/**
 * Paths whose body the route reads as a stream, with their limit: app.ts leaves them out of the buffering
 * body limit and of the input guard's multipart parse (the route applies both checks while streaming).
 */
export const IMAGE_STREAMED_UPLOADS: Record<string, number> = { [PATH]: UPLOAD_MAX_BYTES };

/** Seconds a client told "busy" (503) is asked to wait before trying again. */
const BUSY_RETRY_S = 10;

/** One gate per running app (its deps): INGEST_CONCURRENCY ingests at once, INGEST_QUEUE more admitted. */
const gates = new WeakMap<AppDeps, IngestGate>();
export function gateOf(deps: AppDeps): IngestGate {
  let gate = gates.get(deps);
  if (!gate) {
    gate = createIngestGate(() => ({ concurrency: deps.env.INGEST_CONCURRENCY, queue: deps.env.INGEST_QUEUE }));
    gates.set(deps, gate);
  }
  return gate;
}

/** The zip's entry list, or the refusal a person can act on (400). */
async function openChecked(file: string): Promise<ZipReader> {
  return openZip(file).catch((err: unknown) => {
    if (err instanceof TooManyEntries)
      throw new AppError(400, 'VALIDATION', 'imgZipTooManyFiles', { max: ZIP_MAX_ENTRIES });
    if (err instanceof UnsafeEntryName)
      throw new AppError(400, 'VALIDATION', 'imgZipUnsafeName', { name: err.entryName.slice(0, 200) });
    throw new AppError(400, 'VALIDATION', 'imgWrongFormat');
  });
}

const UploadForm = z.object({
  file: z.custom<File>((v) => v instanceof File).openapi({ type: 'string', format: 'binary' }),
  hospital_code: z.string().max(32),
});

export function uploadRoutes() {
  const app = newRouter();
  // Documented here, served below without the zod validator (which would buffer the whole body).
  app.openAPIRegistry.registerPath({
    method: 'post',
    path: PATH,
    tags: ['images'],
    summary:
      'Upload one .dcm or .zip (multipart file + hospital_code; at most 2 GiB, streamed to disk). Answers application/x-ndjson: a line per file ({file} uploaded / failed with the reason), then the result line',
    'x-permission': PERMISSIONS.UPLOAD_ZIP,
    request: { body: { content: { 'multipart/form-data': { schema: UploadForm } }, required: true } },
    responses: okResponse(z.null()),
  });
  const [mayUpload] = guard(PERMISSIONS.UPLOAD_ZIP);
  app.post(PATH, mayUpload!, async (c) => {
    const { deps } = c.var;
    const ticket = gateOf(deps).admit();
    if (!ticket) {
      c.header('retry-after', String(BUSY_RETRY_S));
      throw new AppError(503, 'UNAVAILABLE', 'imgIngestBusy', { seconds: BUSY_RETRY_S });
    }
    // Everything this upload stages lives in its own folder, removed whole however the request ends.
    const dir = path.join(ownStaging(deps.images.stagingDir), `upload-${randomUUID()}`);
    let zip: ZipReader | undefined;
    const end = async () => {
      zip?.close();
      ticket.release();
      await rm(dir, { recursive: true, force: true });
    };
    let streaming = false;
    try {
      const up = await receiveUpload(c, dir, UPLOAD_MAX_BYTES);
      const [h] = await deps.db
        .select({ code: hospital.code })
        .from(hospital)
        .where(eq(hospital.code, up.hospitalCode));
      if (!h) throw new AppError(400, 'VALIDATION', 'imgChooseHospital');
      assertHospital(c.var.user, h.code);
      // A client that goes away while waiting gives its turn up (and its staged body goes, below).
      await ticket.turn(c.req.raw.signal).catch(() => {
        throw new AppError(503, 'UNAVAILABLE', 'imgIngestBusy', { seconds: BUSY_RETRY_S });
      });
      deps.log.info({ ...gateOf(deps).stats() }, 'image ingest started');
      if (up.file.kind === 'zip') zip = await openChecked(up.file.path);
      const budget = inflateBudget(deps.env, up.file.size);
      if (zip && zip.declaredBytes > budget)
        throw new AppError(400, 'VALIDATION', 'imgInflateBudget', { mib: Math.floor(budget / 1024 ** 2) });
      const { ip, locale } = clientMeta(c);
      const ctx = { deps, who: c.var.user, hospitalCode: up.hospitalCode, ip };
      const src = { file: up.file, dir, budget, ...(zip ? { zip } : {}) };
      c.header('content-type', 'application/x-ndjson; charset=utf-8');
      streaming = true;
      return stream(c, async (out) => {
        try {
          await ingestUpload(ctx, src, locale, (line) => out.write(`${JSON.stringify(line)}\n`));
        } finally {
          await end();
        }
      });
    } finally {
      if (!streaming) await end();
    }
  });
  return app;
}
