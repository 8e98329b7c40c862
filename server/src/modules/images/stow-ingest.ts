import { readFile } from 'node:fs/promises';
import { eq, inArray } from 'drizzle-orm';
import type { Locale } from '@shared/constants';
import { fsyncPath } from '../../platform/core/durable-file';
import { AppError } from '../../platform/core/errors';
import { translate, type MessageKey, type Params } from '../../platform/core/i18n';
import { loggableError } from '../../platform/core/log-error';
import type { Db } from '../../platform/db/client';
import { instance, series, study } from '../../platform/db/schema';
import type { JsonAttribute, JsonDataSet } from './dicomweb-json';
import { createIngest, type FileOutcome, type IngestContext } from './ingest';
import { BadDicom, parseInstance, type InstanceMeta } from './parse';
import type { StowPart } from './stow-receive';

/**
 * The Failure Reason (0008,1197) of each refusal (PS3.18 10.5.3, PS3.4 B.2.3, PS3.7 C): 0xA700 out of
 * resources (too large), 0xA900 the data set does not match (another study than the URL's, a series UID of
 * another study), 0xC000 cannot understand (not DICOM, cut short, no or bad UIDs), 0x0122 SOP class not
 * supported (a DICOMDIR), 0x0111 duplicate SOP instance (its UID is another hospital's instance), 0x0124 not
 * authorised (the study is another hospital's); anything else 0x0110, processing failure.
 */
const FAILURE_REASON: Partial<Record<MessageKey, number>> = {
  imgTooLarge: 0xa700,
  stowStudyMismatch: 0xa900,
  imgOtherStudy: 0xa900,
  imgNotDicom: 0xc000,
  imgTruncated: 0xc000,
  imgNoUid: 0xc000,
  imgBadUid: 0xc000,
  imgUnreadable: 0xc000,
  stowPartType: 0xc000,
  imgDicomDir: 0x0122,
  imgUidInUse: 0x0111,
  imgOtherHospital: 0x0124,
  // dcm4chee-arc's "subsequent occurrence of a rejected object", as the DICOM listener answers
  imgStudyDeleted: 0xa771,
};
const PROCESSING_FAILURE = 0x0110;

export interface StowAnswer {
  /** 200 all stored, 202 some refused, 409 none stored (PS3.18 10.5.3). */
  status: 200 | 202 | 409;
  body: JsonDataSet;
}

const ui = (v: string | undefined): JsonAttribute => (v ? { vr: 'UI', Value: [v] } : { vr: 'UI' });
const CHUNK = 500;

/** Where each stored (or already stored) instance lives: a duplicate may be under another study of the hospital. */
async function locations(db: Db, sops: string[]) {
  const out = new Map<string, { study: string; series: string }>();
  for (let at = 0; at < sops.length; at += CHUNK) {
    const rows = await db
      .select({ sop: instance.sop_iuid, series: series.series_iuid, study: study.study_iuid })
      .from(instance)
      .innerJoin(series, eq(series.pk, instance.series_pk))
      .innerJoin(study, eq(study.pk, instance.study_pk))
      .where(inArray(instance.sop_iuid, sops.slice(at, at + CHUNK)));
    for (const r of rows) out.set(r.sop, r);
  }
  return out;
}

interface Received {
  outcomes: Map<string, FileOutcome>;
  metas: Map<string, InstanceMeta>;
}

/**
 * Stores the received parts through the upload's ingest (createIngest: the same duplicate, hospital and series
 * rules, the same batches and audit rows), each staged file read whole and parsed once (at most one instance
 * in memory); with `study`, a part of another study is refused before it is stored. An unexpected error
 * fails the parts not yet answered (what was written stays, as for the upload).
 */
async function store(ctx: IngestContext, parts: StowPart[], study: string | undefined): Promise<Received> {
  const { images, log } = ctx.deps;
  const got: Received = { outcomes: new Map(), metas: new Map() };
  const ingest = createIngest(ctx, (x) => got.outcomes.set(x.file, x));
  const fail = (file: string, key: MessageKey, params?: Params) =>
    got.outcomes.set(file, { file, status: 'failed', reason: { key, ...(params ? { params } : {}) } });
  try {
    for (const p of parts) {
      if ('failed' in p) {
        fail(p.name, p.failed.key, p.failed.params);
        continue;
      }
      const data = await readFile(p.file);
      let meta: InstanceMeta;
      try {
        meta = parseInstance(data);
      } catch (err) {
        if (!(err instanceof BadDicom)) throw err;
        fail(p.name, err.key, err.params);
        continue;
      }
      got.metas.set(p.name, meta);
      if (study && meta.study_iuid !== study) {
        fail(p.name, 'stowStudyMismatch');
        continue;
      }
      // The store links a staged file rather than copying it, so it must be durable first.
      if (images.putFiles) await fsyncPath(p.file);
      await ingest.add(p.name, data, { file: p.file, meta });
    }
    await ingest.flush();
  } catch (err) {
    log.error({ err: loggableError(err) }, 'dicomweb stow failed');
    await ingest.abort().catch((e: unknown) => log.error({ err: loggableError(e) }, 'dicomweb stow: clean-up failed'));
    const why = err instanceof AppError ? { key: err.msgKey, params: err.params } : { key: 'internal' as const };
    for (const p of parts) if (!got.outcomes.has(p.name)) fail(p.name, why.key, why.params);
  }
  return got;
}

/**
 * STOW-RS: stores the parts, then answers the Store Instances Response (PS3.18 10.5.3) in DICOM JSON: the
 * study's RetrieveURL, a ReferencedSOPSequence item per stored instance (a duplicate counts as stored, as for
 * the upload), a FailedSOPSequence item per refusal with its Failure Reason and the reason in the caller's
 * language as Error Comment (0000,0902).
 */
export async function ingestStow(
  ctx: IngestContext,
  parts: StowPart[],
  o: { study?: string; base: string; locale: Locale },
): Promise<StowAnswer> {
  const { outcomes, metas } = await store(ctx, parts, o.study);
  const stored = parts.flatMap((p) => {
    const x = outcomes.get(p.name);
    return x && x.status !== 'failed' ? [x] : [];
  });
  const where = await locations(
    ctx.deps.db,
    stored.map((x) => x.sop_iuid),
  );
  const referenced: JsonDataSet[] = stored.map((x) => {
    const at = where.get(x.sop_iuid);
    const url = at && `${o.base}/studies/${at.study}/series/${at.series}/instances/${x.sop_iuid}`;
    return {
      '00081150': ui(metas.get(x.file)?.sop_class_uid),
      '00081155': ui(x.sop_iuid),
      ...(url ? { '00081190': { vr: 'UR', Value: [url] } } : {}),
    };
  });
  const failed: JsonDataSet[] = parts.flatMap((p) => {
    const x = outcomes.get(p.name);
    if (x?.status !== 'failed') return [];
    const meta = metas.get(p.name);
    const text = translate(o.locale, x.reason.key, x.reason.params);
    return [
      {
        // For people: the whole sentence, even past an LO's 64 characters.
        '00000902': { vr: 'LO', Value: [`${p.name}: ${text}`] },
        '00081150': ui(meta?.sop_class_uid),
        '00081155': ui(meta?.sop_iuid),
        '00081197': { vr: 'US', Value: [FAILURE_REASON[x.reason.key] ?? PROCESSING_FAILURE] },
      },
    ];
  });
  const studies = new Set([...where.values()].map((w) => w.study));
  const studyUid = o.study ?? (studies.size === 1 ? [...studies][0] : undefined);
  const body: JsonDataSet = {
    ...(studyUid ? { '00081190': { vr: 'UR', Value: [`${o.base}/studies/${studyUid}`] } } : {}),
    ...(failed.length ? { '00081198': { vr: 'SQ', Value: failed } } : {}),
    ...(referenced.length ? { '00081199': { vr: 'SQ', Value: referenced } } : {}),
  };
  return { status: !failed.length ? 200 : referenced.length ? 202 : 409, body };
}
