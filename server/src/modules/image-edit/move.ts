import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { RPT_STATUS } from '@shared/constants';
import type { ImageEditResult } from '@shared/schemas/image-edit';
import type { AppDeps } from '../../platform/context';
import type { Tx } from '../../platform/db/client';
import { instance, report, series } from '../../platform/db/schema';
import { AppError, notFound } from '../../platform/core/errors';
import { auditChange } from '../../platform/audit';
import { instanceKey } from '../../platform/storage/store';
import { refreshStudyCounts } from '../images';
import { binLocked, lockStudies, type StudyRecord, type Who } from '../recycle';
import { rewriteAll, targetIdentity, type Moving, type Rewritten } from './rewrite';

/** Rows changed per statement when the moved instances take their new keys. */
const CHUNK = 500;

export interface MoveOrder {
  from: string;
  to: string;
  /** The series to move; undefined: all of them, and the emptied study goes to the recycle bin (a merge). */
  series?: string[];
}

/**
 * Both studies locked: live, in the caller's scope (404 otherwise, as for an unknown study), of one hospital,
 * and neither with an audited report (the auditor cancels the audit first: what was signed off stays as it was).
 */
async function lockPair(tx: Tx, who: Who, o: MoveOrder) {
  const rows = await lockStudies(tx, who.me, [o.from, o.to], (s) => s.is_del === 0);
  const from = rows.find((s) => s.study_iuid === o.from)!;
  const to = rows.find((s) => s.study_iuid === o.to)!;
  if (from.hospital_code !== to.hospital_code) throw new AppError(409, 'CONFLICT', 'imageEditOtherHospital');
  const [audited] = await tx
    .select({ study_pk: report.study_pk })
    .from(report)
    .where(and(inArray(report.study_pk, [from.pk, to.pk]), eq(report.rpt_status, RPT_STATUS.AUDITED)))
    .orderBy(asc(report.rpt_pk))
    .for('update');
  if (audited) {
    const s = audited.study_pk === from.pk ? from : to;
    throw new AppError(409, 'REPORT_STATE', 'imageEditAudited', { patient: s.patient_name || s.patient_id });
  }
  return { from, to };
}

/** The source's instances the order moves, oldest row first; every named series must be the source's. */
async function movingOf(tx: Tx, from: StudyRecord, seriesUids: string[] | undefined): Promise<Moving[]> {
  const found = await tx
    .select({ pk: series.pk, series_iuid: series.series_iuid })
    .from(series)
    .where(and(eq(series.study_pk, from.pk), seriesUids ? inArray(series.series_iuid, seriesUids) : undefined))
    .orderBy(asc(series.pk))
    .for('update');
  if (seriesUids && found.length !== seriesUids.length) throw notFound();
  if (!found.length) return [];
  return lockedInstances(
    tx,
    inArray(
      instance.series_pk,
      found.map((s) => s.pk),
    ),
  );
}

/** The instances a condition names, with their series UID, oldest row first, locked for the transaction. */
export function lockedInstances(tx: Tx, where: SQL): Promise<Moving[]> {
  return tx
    .select({
      pk: instance.pk,
      sop_iuid: instance.sop_iuid,
      series_iuid: series.series_iuid,
      storage_key: instance.storage_key,
    })
    .from(instance)
    .innerJoin(series, eq(series.pk, instance.series_pk))
    .where(where)
    .orderBy(asc(instance.pk))
    .for('update', { of: instance });
}

export const sameRows = (a: Moving[], b: Moving[]) =>
  a.length === b.length && a.every((x, i) => x.pk === b[i]!.pk && x.storage_key === b[i]!.storage_key);

/** The moved series and instances take the target study, each instance its new key, size and syntax. */
async function moveRows(tx: Tx, from: StudyRecord, to: StudyRecord, seriesUids: string[], rows: Rewritten[]) {
  await tx
    .update(series)
    .set({ study_pk: to.pk })
    .where(and(eq(series.study_pk, from.pk), inArray(series.series_iuid, seriesUids)));
  await rekey(tx, rows, to.pk);
}

/** Each rewritten instance's row names its new key, size and syntax (and the study it moved to, if given). */
export async function rekey(tx: Tx, rows: Rewritten[], toStudyPk?: number) {
  for (let i = 0; i < rows.length; i += CHUNK) {
    const values = sql.join(
      rows
        .slice(i, i + CHUNK)
        .map((r) => sql`(${r.pk}::bigint, ${r.new_key}, ${r.size_bytes}::bigint, ${r.transfer_syntax})`),
      sql`, `,
    );
    const moved = toStudyPk === undefined ? sql`` : sql`study_pk = ${toStudyPk}, `;
    await tx.execute(sql`
      update ${instance} set ${moved}storage_key = v.k, size_bytes = v.n, transfer_syntax = v.ts
      from (values ${values}) as v(pk, k, n, ts) where ${instance.pk} = v.pk`);
  }
}

/**
 * Moves series (or, for a merge, every image) from one study to another of the same hospital. The images are
 * written again first, outside any transaction, with the target's study UID, accession and patient; then one
 * transaction checks that nothing changed meanwhile (409 otherwise: nothing moved) and moves the rows; the old
 * bytes go after the commit. A merge sends the emptied study to the recycle bin, its reports with it.
 */
export async function moveImages(deps: AppDeps, who: Who, o: MoveOrder) {
  const planned = await deps.db.transaction(async (tx) => {
    const { from, to } = await lockPair(tx, who, o);
    const items = await movingOf(tx, from, o.series);
    const [sample] = await tx
      .select({ storage_key: instance.storage_key, sop_iuid: instance.sop_iuid })
      .from(instance)
      .where(eq(instance.study_pk, to.pk))
      .orderBy(asc(instance.pk))
      .limit(1);
    return { from, to, items, sample };
  });
  const identity = await targetIdentity(deps, planned.to, planned.sample);
  const files = await rewriteAll(deps, planned.items, identity, (i) =>
    instanceKey(planned.to.study_iuid, i.series_iuid, i.sop_iuid),
  );
  let done: { result: ImageEditResult; queue: Awaited<ReturnType<typeof binLocked>>['queue'] };
  try {
    done = await deps.db.transaction(async (tx) => {
      const { from, to } = await lockPair(tx, who, o);
      const items = await movingOf(tx, from, o.series);
      if (!sameRows(items, planned.items)) throw new AppError(409, 'CONFLICT', 'imageEditChanged');
      const allSeries = o.series ?? (await seriesOf(tx, from.pk));
      await moveRows(tx, from, to, allSeries, files.rewritten);
      await refreshStudyCounts(tx, [from.pk, to.pk]);
      await auditChange(tx, who.me, {
        action: o.series ? 'image.move' : 'study.merge',
        target: `study:${to.pk}`,
        before: { study_iuid: from.study_iuid, series_iuids: allSeries, instances: items.length },
        after: { study_iuid: to.study_iuid, series_iuids: allSeries, instances: items.length },
        ip: who.ip,
      });
      const binned = o.series
        ? { queue: [] }
        : await binLocked(tx, who, [from], `merged into ${to.accession_no || to.study_iuid}`.slice(0, 256));
      return {
        result: {
          study_iuid: from.study_iuid,
          to_study_iuid: to.study_iuid,
          series: allSeries.length,
          instances: items.length,
          binned: !o.series,
        },
        queue: binned.queue,
      };
    });
  } catch (err) {
    await files.abandon();
    throw err;
  }
  await files.commit();
  return done;
}

async function seriesOf(tx: Tx, studyPk: number): Promise<string[]> {
  const rows = await tx
    .select({ uid: series.series_iuid })
    .from(series)
    .where(eq(series.study_pk, studyPk))
    .orderBy(asc(series.pk));
  return rows.map((r) => r.uid);
}
