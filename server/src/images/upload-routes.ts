import { readFile, rm } from 'node:fs/promises';
import { z } from '@hono/zod-openapi';
import { eq } from 'drizzle-orm';
import { stream } from 'hono/streaming';
import { PERMISSIONS } from '@shared/permissions';
import { UPLOAD_MAX_BYTES, type UploadLine } from '@shared/schemas/images';
import { hospital } from '../db/schema';
import { clientMeta } from '../lib/client-meta';
import { AppError } from '../lib/errors';
import { translate, type MessageKey } from '../lib/i18n';
import { loggableError } from '../lib/log-error';
import { okResponse } from '../lib/route';
import { newRouter } from '../lib/router';
import { guard } from '../middleware/auth';
import { assertHospital } from '../modules/hospital/scope';
import { createIngest, INSTANCE_MAX_BYTES, INSTANCE_MAX_MIB, type FileOutcome } from './ingest';
import { receiveUpload } from './receive-upload';
import { EntryTooLarge, openZip, TooManyEntries, ZIP_MAX_ENTRIES, type ZipReader } from './zip-entries';

const PATH = '/UploadDicom/uploadZip';

/**
 * Paths whose body the route reads as a stream, with their limit: app.ts leaves them out of the buffering
 * body limit and of the input guard's multipart parse (the route applies both checks while streaming).
 */
export const IMAGE_STREAMED_UPLOADS: Record<string, number> = { [PATH]: UPLOAD_MAX_BYTES };

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
    const { db, images, log } = c.var.deps;
    const up = await receiveUpload(c, images.stagingDir, UPLOAD_MAX_BYTES);
    let zip: ZipReader | undefined;
    try {
      const [h] = await db.select({ code: hospital.code }).from(hospital).where(eq(hospital.code, up.hospitalCode));
      if (!h) throw new AppError(400, 'VALIDATION', 'imgChooseHospital');
      assertHospital(c.var.user, h.code);
      if (up.file.kind === 'zip')
        zip = await openZip(up.file.path).catch((err: unknown) => {
          if (err instanceof TooManyEntries)
            throw new AppError(400, 'VALIDATION', 'imgZipTooManyFiles', { max: ZIP_MAX_ENTRIES });
          throw new AppError(400, 'VALIDATION', 'imgWrongFormat');
        });
    } catch (err) {
      await rm(up.file.path, { force: true });
      throw err;
    }
    const { ip, locale } = clientMeta(c);
    c.header('content-type', 'application/x-ndjson; charset=utf-8');
    return stream(c, async (out) => {
      const total = zip ? zip.count : 1;
      const tally = { uploaded: 0, duplicates: 0, failed: 0, studies: new Set<string>() };
      const write = (line: UploadLine) => out.write(`${JSON.stringify(line)}\n`);
      const lines: Promise<unknown>[] = [];
      const onOutcome = (o: FileOutcome) => {
        let msg: string;
        if (o.status === 'failed') {
          tally.failed++;
          const reason = translate(locale, o.reason.key, o.reason.params);
          msg = translate(locale, 'imgFileFailed', { file: o.file, reason });
        } else {
          tally[o.status === 'uploaded' ? 'uploaded' : 'duplicates']++;
          tally.studies.add(o.study_iuid);
          msg = translate(locale, o.status === 'uploaded' ? 'imgFileUploaded' : 'imgFileDuplicate', { file: o.file });
        }
        const done = tally.uploaded + tally.duplicates + tally.failed;
        lines.push(write({ type: 'file', done, total, file: o.file, status: o.status, msg }));
      };
      let broken = false;
      // An AppError (the image store unreachable) says what went wrong; anything else is the generic failure.
      let brokenKey: MessageKey = 'internal';
      const tooLarge = (file: string) =>
        onOutcome({ file, status: 'failed', reason: { key: 'imgTooLarge', params: { mib: INSTANCE_MAX_MIB } } });
      const ingest = createIngest({ deps: c.var.deps, who: c.var.user, hospitalCode: up.hospitalCode, ip }, onOutcome);
      try {
        if (!zip) {
          if (up.file.size > INSTANCE_MAX_BYTES) tooLarge(up.file.name);
          else await ingest.add(up.file.name, await readFile(up.file.path));
        } else {
          for await (const entry of zip.entries()) {
            let data: Buffer;
            try {
              data = await zip.read(entry, INSTANCE_MAX_BYTES);
            } catch (err) {
              if (err instanceof EntryTooLarge) tooLarge(entry.fileName);
              else onOutcome({ file: entry.fileName, status: 'failed', reason: { key: 'imgTruncated' } });
              continue;
            }
            await ingest.add(entry.fileName, data);
          }
        }
        await ingest.flush();
      } catch (err) {
        // What was written stays (each file is whole); bytes still waiting for their rows go, and the result says so.
        broken = true;
        if (err instanceof AppError) brokenKey = err.msgKey;
        log.error({ err: loggableError(err) }, 'image upload failed');
        await ingest
          .abort()
          .catch((e: unknown) => log.error({ err: loggableError(e) }, 'image upload: clean-up failed'));
      } finally {
        zip?.close();
        await rm(up.file.path, { force: true });
      }
      await Promise.all(lines);
      const ok = tally.uploaded + tally.duplicates;
      await write({
        type: 'result',
        success: !broken && tally.failed === 0 && ok > 0,
        msg: broken ? translate(locale, brokenKey) : translate(locale, 'imgUploadDone', { ok, failed: tally.failed }),
        data: {
          uploaded: tally.uploaded,
          duplicates: tally.duplicates,
          failed: tally.failed,
          studies: [...tally.studies],
        },
      });
    });
  });
  return app;
}
