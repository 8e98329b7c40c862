import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Locale } from '@shared/constants';
import type { UploadLine } from '@shared/schemas/images';
import type { AppDeps } from '../../platform/context';
import { fsyncPath } from '../../platform/core/durable-file';
import { AppError } from '../../platform/core/errors';
import { translate, type MessageKey, type Params } from '../../platform/core/i18n';
import { loggableError } from '../../platform/core/log-error';
import { createIngest, type FileOutcome, type IngestContext } from './ingest';
import { INSTANCE_MAX_BYTES, INSTANCE_MAX_MIB } from './parse';
import { EntryTooLarge, NotDicomEntry, SuspectedZipBomb, type EntryLimits, type ZipReader } from './zip-entries';

/** An entry inflating to no more than this is never called a zip bomb, whatever its ratio (a blank slice). */
const TINY_ENTRY_BYTES = 1024 ** 2;

export interface UploadSource {
  /** The received file: one instance, or the zip whose entries are staged one by one in `dir`. */
  file: { name: string; path: string; size: number };
  zip?: ZipReader;
  /** The upload's own staging folder, removed whole when the request ends. */
  dir: string;
  /** Inflated bytes the zip may use (see inflateBudget). */
  budget: number;
}

/** A zip may inflate to INGEST_INFLATE_FACTOR times its size (at least 256 MiB), at most INGEST_INFLATE_MAX_MB. */
export function inflateBudget(env: AppDeps['env'], zipBytes: number): number {
  return Math.min(
    Math.max(zipBytes * env.INGEST_INFLATE_FACTOR, 256 * 1024 ** 2),
    env.INGEST_INFLATE_MAX_MB * 1024 ** 2,
  );
}

/**
 * Ingests one received upload, writing an NDJSON line per file and the result last. Each zip entry is inflated
 * as a stream into the upload's folder (its Part 10 head checked first, every byte counted against the limits),
 * then read back whole to be parsed: at most one instance of each running upload is in memory.
 */
export async function ingestUpload(
  ctx: IngestContext,
  src: UploadSource,
  locale: Locale,
  write: (line: UploadLine) => Promise<unknown>,
): Promise<void> {
  const { images, log, env } = ctx.deps;
  const total = src.zip ? src.zip.count : 1;
  const tally = { uploaded: 0, duplicates: 0, failed: 0, studies: new Set<string>() };
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
  const failed = (file: string, key: MessageKey, params?: Params) =>
    onOutcome({ file, status: 'failed', reason: { key, ...(params ? { params } : {}) } });
  // An AppError (the image store unreachable) says what went wrong; anything else is the generic failure.
  let broken: { key: MessageKey; params?: Params } | undefined;
  const ingest = createIngest(ctx, onOutcome);
  /** The store links a staged file rather than copying it, so it must be durable first. */
  const take = async (name: string, file: string) => {
    if (images.putFiles) await fsyncPath(file);
    await ingest.add(name, await readFile(file), { file });
  };
  try {
    if (!src.zip) {
      if (src.file.size > INSTANCE_MAX_BYTES) failed(src.file.name, 'imgTooLarge', { mib: INSTANCE_MAX_MIB });
      else await take(src.file.name, src.file.path);
    } else {
      const limits: EntryLimits = {
        maxBytes: INSTANCE_MAX_BYTES,
        maxRatio: env.INGEST_MAX_RATIO,
        tinyBytes: TINY_ENTRY_BYTES,
        budget: { left: src.budget },
      };
      let n = 0;
      for await (const entry of src.zip.entries()) {
        const file = path.join(src.dir, `entry-${++n}.dcm`);
        try {
          await src.zip.stage(entry, file, limits);
        } catch (err) {
          if (err instanceof EntryTooLarge) failed(entry.fileName, 'imgTooLarge', { mib: INSTANCE_MAX_MIB });
          else if (err instanceof NotDicomEntry) failed(entry.fileName, 'imgNotDicom');
          else if (err instanceof SuspectedZipBomb) failed(entry.fileName, 'imgZipBomb', { ratio: limits.maxRatio });
          // The budget is checked against the central directory before the ingest; a zip lying about its
          // sizes is stopped by yauzl, so this is a damaged entry.
          else failed(entry.fileName, 'imgTruncated');
          continue;
        }
        await take(entry.fileName, file);
      }
    }
    await ingest.flush();
  } catch (err) {
    // What was written stays (each file is whole); bytes still waiting for their rows go, and the result says so.
    broken =
      err instanceof AppError
        ? { key: err.msgKey, ...(err.params ? { params: err.params } : {}) }
        : { key: 'internal' };
    log.error({ err: loggableError(err) }, 'image upload failed');
    await ingest.abort().catch((e: unknown) => log.error({ err: loggableError(e) }, 'image upload: clean-up failed'));
  }
  await Promise.all(lines);
  const ok = tally.uploaded + tally.duplicates;
  await write({
    type: 'result',
    success: !broken && tally.failed === 0 && ok > 0,
    msg: broken
      ? translate(locale, broken.key, broken.params)
      : tally.duplicates
        ? // the files already stored counted apart: "1 uploaded" of a file that was not stored again said otherwise
          translate(locale, 'imgUploadDoneKnown', {
            ok: tally.uploaded,
            duplicates: tally.duplicates,
            failed: tally.failed,
          })
        : translate(locale, 'imgUploadDone', { ok, failed: tally.failed }),
    data: { uploaded: tally.uploaded, duplicates: tally.duplicates, failed: tally.failed, studies: [...tally.studies] },
  });
}
