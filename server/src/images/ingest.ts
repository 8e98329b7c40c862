import { eq, inArray } from 'drizzle-orm';
import type { AppDeps } from '../context';
import type { DbOrTx } from '../db/client';
import { instance, report, series, study } from '../db/schema';
import type { MessageKey, Params } from '../lib/i18n';
import { loggableError } from '../lib/log-error';
import { auditChange } from '../modules/audit/service';
import { BadDicom, parseInstance, type InstanceMeta } from './parse';
import { instanceKey } from './store';
import { refreshStudyCounts } from './study-counts';

export type FileOutcome =
  | { file: string; status: 'uploaded' | 'duplicate'; study_iuid: string; sop_iuid: string }
  | { file: string; status: 'failed'; reason: { key: MessageKey; params?: Params } };

export interface IngestContext {
  deps: AppDeps;
  who: { pk: number; username: string };
  hospitalCode: string;
  ip: string;
}

/**
 * A parsed instance whose bytes are in the store; `created` when this upload put them there. `file`: its bytes
 * wait in a durable local file that the store takes at the batch's flush (putFiles), all in one go.
 */
type Stored = { name: string; size: number; meta: InstanceMeta; key: string; created: boolean; file?: string };

const BATCH = 50;
/** An instance is parsed in memory: larger ones are refused, named, rather than risk the server's memory. */
export const INSTANCE_MAX_MIB = 256;
export const INSTANCE_MAX_BYTES = INSTANCE_MAX_MIB * 1024 ** 2;

/**
 * Takes instances into the archive: each is parsed and its bytes put in the store as it comes; the rows go
 * in batches, each one transaction (study created when unknown, series, instances, the study's counts, an
 * audit row per study). If a batch's transaction fails it is retried file by file, so a good file is never
 * lost for a bad neighbour; a file that still fails has the bytes this upload put removed: no row, no file.
 */
export function createIngest(ctx: IngestContext, report: (o: FileOutcome) => void) {
  let pending: Stored[] = [];
  const writeBatch = async (batch: Stored[]): Promise<void> => {
    try {
      const outcomes = await ctx.deps.db.transaction((tx) => writeRows(tx, ctx, batch));
      for (const [i, o] of outcomes.entries()) {
        // Bytes this upload put that no row names: a refused file, or a duplicate of an instance already
        // stored under another study or series (its key differs, so the put created a second copy).
        if (o.status !== 'uploaded' && batch[i]!.created) await ctx.deps.images.remove(batch[i]!.key);
        report(o);
      }
    } catch (err) {
      if (batch.length > 1) {
        for (const one of batch) await writeBatch([one]);
        return;
      }
      const [one] = batch as [Stored];
      ctx.deps.log.warn({ err: loggableError(err) }, 'image ingest: an instance could not be stored');
      if (one.created) await ctx.deps.images.remove(one.key);
      report({ file: one.name, status: 'failed', reason: { key: 'imgStoreFailed' } });
    }
  };
  const flush = async () => {
    const batch = pending;
    pending = [];
    const linked = batch.filter((b) => b.file);
    if (linked.length) {
      const created = await ctx.deps.images.putFiles!(linked.map((b) => ({ key: b.key, file: b.file! })));
      linked.forEach((b, i) => (b.created = created[i]!));
    }
    if (batch.length) await writeBatch(batch);
  };
  return {
    /**
     * One file's bytes: parsed and stored, its row waiting for the batch; or reported failed. `file`: where
     * the same bytes already lie durable on local disk, for a store that can take them without a copy.
     */
    async add(name: string, data: Buffer, file?: string): Promise<void> {
      let meta: InstanceMeta;
      try {
        if (data.length > INSTANCE_MAX_BYTES) throw new BadDicom('imgTooLarge', { mib: INSTANCE_MAX_MIB });
        meta = parseInstance(data);
      } catch (err) {
        if (!(err instanceof BadDicom)) throw err;
        report({
          file: name,
          status: 'failed',
          reason: { key: err.key, ...(err.params ? { params: err.params } : {}) },
        });
        return;
      }
      const key = instanceKey(meta.study_iuid, meta.series_iuid, meta.sop_iuid);
      if (file && ctx.deps.images.putFiles) pending.push({ name, size: data.length, meta, key, created: false, file });
      else pending.push({ name, size: data.length, meta, key, created: await ctx.deps.images.put(key, data) });
      if (pending.length >= BATCH) await flush();
    },
    flush,
    /** The upload stops short (an unexpected error): bytes stored for rows never written are removed. */
    async abort(): Promise<void> {
      const batch = pending;
      pending = [];
      for (const one of batch) if (one.created) await ctx.deps.images.remove(one.key);
    },
  };
}

/** The rows of one batch, and each file's outcome. */
async function writeRows(tx: DbOrTx, ctx: IngestContext, batch: Stored[]): Promise<FileOutcome[]> {
  const known = new Set(
    (
      await tx
        .select({ sop: instance.sop_iuid })
        .from(instance)
        .where(
          inArray(
            instance.sop_iuid,
            batch.map((b) => b.meta.sop_iuid),
          ),
        )
    ).map((r) => r.sop),
  );
  const studies = await studiesOf(tx, ctx.hospitalCode, batch);
  const seriesPks = new Map<string, number>();
  const rows: (typeof instance.$inferInsert)[] = [];
  const outcomes: FileOutcome[] = [];
  for (const { name, size, meta, key } of batch) {
    const ok = { file: name, study_iuid: meta.study_iuid, sop_iuid: meta.sop_iuid };
    if (known.has(meta.sop_iuid)) {
      outcomes.push({ ...ok, status: 'duplicate' });
      continue;
    }
    const s = studies.get(meta.study_iuid)!;
    const seriesPk = s.pk < 0 ? -1 : await seriesOf(tx, s.pk, meta, seriesPks);
    if (s.pk < 0 || seriesPk < 0) {
      const reason: MessageKey = s.pk < 0 ? 'imgOtherHospital' : 'imgOtherStudy';
      outcomes.push({ file: name, status: 'failed', reason: { key: reason } });
      continue;
    }
    known.add(meta.sop_iuid); // the same instance twice in one upload: the second is a duplicate
    rows.push({
      study_pk: s.pk,
      series_pk: seriesPk,
      sop_iuid: meta.sop_iuid,
      sop_class_uid: meta.sop_class_uid,
      instance_number: meta.instance_number,
      transfer_syntax: meta.transfer_syntax,
      frame_count: meta.frame_count,
      rows: meta.rows,
      cols: meta.cols,
      size_bytes: size,
      storage_key: key,
    });
    outcomes.push({ ...ok, status: 'uploaded' });
  }
  if (rows.length) await tx.insert(instance).values(rows);
  // A study this batch created for files that were all refused is taken back: no empty worklist row.
  const kept = new Set(rows.map((r) => r.study_pk));
  for (const s of studies.values()) {
    if (s.created && !kept.has(s.pk)) {
      await tx.delete(report).where(eq(report.study_pk, s.pk));
      await tx.delete(series).where(eq(series.study_pk, s.pk));
      await tx.delete(study).where(eq(study.pk, s.pk));
      s.pk = -1;
    }
  }
  const touched = [...studies.values()].filter((s) => s.pk > 0);
  const after = await refreshStudyCounts(
    tx,
    touched.map((s) => s.pk),
  );
  for (const s of touched) {
    await auditChange(tx, ctx.who, {
      action: 'image.upload',
      target: `study:${s.pk}`,
      before: s.before,
      after: after.get(s.pk) ?? null,
      ip: ctx.ip,
    });
  }
  return outcomes;
}

type StudyRef = { pk: number; before: Record<string, unknown> | null; created?: boolean };

/** The batch's studies by UID: known ones of the chosen hospital, new ones created; pk -1 for another hospital's. */
async function studiesOf(tx: DbOrTx, hospitalCode: string, batch: Stored[]): Promise<Map<string, StudyRef>> {
  const out = new Map<string, StudyRef>();
  for (const { meta } of batch) {
    if (out.has(meta.study_iuid)) continue;
    const [row] = await tx
      .select({
        pk: study.pk,
        hospital_code: study.hospital_code,
        file_count: study.file_count,
        file_size: study.file_size,
      })
      .from(study)
      .where(eq(study.study_iuid, meta.study_iuid));
    if (!row) out.set(meta.study_iuid, { pk: await createStudy(tx, hospitalCode, meta), before: null, created: true });
    else if (row.hospital_code !== hospitalCode) out.set(meta.study_iuid, { pk: -1, before: null });
    else out.set(meta.study_iuid, { pk: row.pk, before: { file_count: row.file_count, file_size: row.file_size } });
  }
  return out;
}

/** The series' pk (created when new), or -1 when the UID belongs to another study. */
async function seriesOf(tx: DbOrTx, studyPk: number, meta: InstanceMeta, cache: Map<string, number>) {
  const cached = cache.get(meta.series_iuid);
  if (cached !== undefined) return cached;
  await tx
    .insert(series)
    .values({
      study_pk: studyPk,
      series_iuid: meta.series_iuid,
      modality: meta.modality,
      series_number: meta.series_number,
      series_desc: meta.series_desc,
    })
    .onConflictDoNothing({ target: series.series_iuid });
  const [row] = await tx
    .select({ pk: series.pk, study_pk: series.study_pk })
    .from(series)
    .where(eq(series.series_iuid, meta.series_iuid));
  const pk = row && row.study_pk === studyPk ? row.pk : -1;
  cache.set(meta.series_iuid, pk);
  return pk;
}

/** An unknown study becomes a worklist row of the chosen hospital, with its first report (position 1). */
async function createStudy(tx: DbOrTx, hospitalCode: string, meta: InstanceMeta): Promise<number> {
  const p = meta.patient;
  const [row] = await tx
    .insert(study)
    .values({
      study_iuid: meta.study_iuid,
      hospital_code: hospitalCode,
      patient_id: p.patient_id,
      patient_name: p.patient_name,
      patient_sex: p.patient_sex,
      patient_age: p.patient_age,
      accession_no: p.accession_no,
      modality: meta.modality,
      study_desc: p.study_desc,
      study_desc_value: p.study_desc ? [{ key: p.study_desc, label: p.study_desc }] : [],
      study_datetime: p.study_datetime ?? new Date(),
    })
    .returning({ pk: study.pk });
  await tx.insert(report).values({ study_pk: row!.pk, rpt_position: 1 });
  return row!.pk;
}
