import { eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { instance, report, series, study } from '../../platform/db/schema';
import type { MessageKey } from '../../platform/core/i18n';
import { auditChange } from '../../platform/audit';
import type { FileOutcome, IngestContext, Stored } from './ingest-types';
import { createInstanceRules, type InstanceRules } from './instance-rules';
import type { InstanceMeta } from './parse';
import { refreshStudyCounts } from './study-counts';

/**
 * The rows of one batch, and each file's outcome; `keep[i]`: the bytes under file i's key are an existing
 * row's (an instance sent again under its own key), never to be removed with file i's refusal.
 */
export async function writeRows(
  tx: DbOrTx,
  ctx: IngestContext,
  batch: Stored[],
): Promise<{ outcomes: FileOutcome[]; keep: boolean[] }> {
  // SOP UID -> the stored instance's key and hospital.
  const known = new Map(
    (
      await tx
        .select({ sop: instance.sop_iuid, key: instance.storage_key, hospital: study.hospital_code })
        .from(instance)
        .innerJoin(study, eq(study.pk, instance.study_pk))
        .where(
          inArray(
            instance.sop_iuid,
            batch.map((b) => b.meta.sop_iuid),
          ),
        )
    ).map((r) => [r.sop, r] as const),
  );
  const rules = createInstanceRules(tx, ctx.hospitalCode, { takeDeleted: ctx.acknowledged });
  const studies = await studiesOf(tx, rules, ctx.hospitalCode, batch);
  const rows: (typeof instance.$inferInsert)[] = [];
  const outcomes: FileOutcome[] = [];
  const keep: boolean[] = [];
  for (const { name, size, meta, key } of batch) {
    const ok = { file: name, study_iuid: meta.study_iuid, sop_iuid: meta.sop_iuid };
    const stored = known.get(meta.sop_iuid);
    keep.push(stored?.key === key);
    // Another hospital's instance: the generic refusal, never "already in the archive" (that would tell).
    if (stored && stored.hospital !== ctx.hospitalCode) {
      outcomes.push({ file: name, status: 'failed', reason: { key: 'imgUidInUse' } });
      continue;
    }
    if (stored) {
      outcomes.push({ ...ok, status: 'duplicate' });
      continue;
    }
    const s = studies.get(meta.study_iuid)!;
    const seriesPk = s.pk < 0 ? -1 : await seriesOf(tx, rules, s.pk, meta);
    if (s.pk < 0 || seriesPk < 0) {
      const reason: MessageKey = s.pk === DELETED ? 'imgStudyDeleted' : s.pk < 0 ? 'imgOtherHospital' : 'imgOtherStudy';
      outcomes.push({ file: name, status: 'failed', reason: { key: reason } });
      continue;
    }
    // the same instance twice in one upload: the second is a duplicate
    known.set(meta.sop_iuid, { sop: meta.sop_iuid, key, hospital: ctx.hospitalCode });
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
  return { outcomes, keep };
}

type StudyRef = { pk: number; before: Record<string, unknown> | null; created?: boolean };

/** The batch's studies by UID: known ones of the chosen hospital, new ones created; pk -1 for another hospital's. */
/** The study pk standing for "refused: the study is deleted" (-1: another hospital's). */
const DELETED = -2;

async function studiesOf(
  tx: DbOrTx,
  rules: InstanceRules,
  hospitalCode: string,
  batch: Stored[],
): Promise<Map<string, StudyRef>> {
  const out = new Map<string, StudyRef>();
  for (const { meta } of batch) {
    if (out.has(meta.study_iuid)) continue;
    const row = await rules.study(meta.study_iuid);
    if (!row) out.set(meta.study_iuid, { pk: await createStudy(tx, hospitalCode, meta), before: null, created: true });
    else if (row === 'imgOtherHospital') out.set(meta.study_iuid, { pk: -1, before: null });
    else if (row === 'imgStudyDeleted') out.set(meta.study_iuid, { pk: DELETED, before: null });
    else out.set(meta.study_iuid, { pk: row.pk, before: { file_count: row.file_count, file_size: row.file_size } });
  }
  return out;
}

/** The series' pk (created when new), or -1 when the UID belongs to another study. */
async function seriesOf(tx: DbOrTx, rules: InstanceRules, studyPk: number, meta: InstanceMeta) {
  const known = await rules.series(meta, () =>
    tx
      .insert(series)
      .values({
        study_pk: studyPk,
        series_iuid: meta.series_iuid,
        modality: meta.modality,
        series_number: meta.series_number,
        series_desc: meta.series_desc,
      })
      .onConflictDoNothing({ target: series.series_iuid }),
  );
  return known && known !== 'imgOtherStudy' && known.pk !== null ? known.pk : -1;
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
      patient_pn: p.patient_pn,
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
