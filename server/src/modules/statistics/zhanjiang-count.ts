import { and, eq, inArray, ne, sql, type AnyColumn } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import {
  ZHANJIANG_COLUMNS,
  ZHANJIANG_MODALITIES,
  type ZhanjiangColumn,
  type ZhanjiangRequest,
  type ZhanjiangRow,
} from '@shared/schemas/statistics';
import type { Db } from '../../platform/db/client';
import { report, statPartDay, statReportDay, study } from '../../platform/db/schema';
import { inScope, type HospitalScope } from '../../platform/hospital-scope';
import { daysIn, inDays } from './range';
import { STAGES, type Stage } from './work-count';

/** Patient kind as in the monthly count: 3 emergency, 4 physical exam, anything else routine. */
const kindOf = (patientType: AnyColumn) =>
  sql<string>`case ${patientType} when 3 then 'emergency' when 4 then 'exam' else 'routine' end`;
const lowered = (column: AnyColumn) => sql<string>`lower(${column})`;
const zhanjiangModality = (column: AnyColumn) =>
  inArray(
    lowered(column),
    ZHANJIANG_MODALITIES.map((m) => m),
  );

interface StageTally {
  name: string;
  modality: string;
  kind: string;
  reports: number;
  parts: number;
}
type StageSource = (db: Db, scope: HospitalScope, q: ZhanjiangRequest, stage: Stage) => Promise<StageTally[]>;

/** Reports and their body parts per row name, modality and kind, for one stage: the direct query. */
const directStage: StageSource = (db, scope, q, st) => {
  const { who, when, done } = STAGES[st];
  const name = q.tab === 'part' ? sql<string>`${study.study_desc}` : sql<string>`${who}`;
  const modality = lowered(study.modality);
  const kind = kindOf(study.patient_type);
  return db
    .select({
      name,
      modality,
      kind,
      reports: sql<number>`count(*)::int`,
      parts: sql<number>`coalesce(sum(${study.parts_count}), 0)::int`,
    })
    .from(report)
    .innerJoin(study, eq(study.pk, report.study_pk))
    .where(
      and(
        eq(study.is_del, 0),
        inScope(scope, study.hospital_code),
        done,
        ne(who, ''),
        zhanjiangModality(study.modality),
        inDays(when, q.startTime, q.endTime),
      ),
    )
    .groupBy(name, modality, kind);
};

/** The same from the counts kept per day: by body part (only reports with a doctor are kept there) or doctor. */
const rolledStage: StageSource = (db, scope, q, st) => {
  const part = q.tab === 'part';
  const t = part ? statPartDay : statReportDay;
  const name = sql<string>`${part ? statPartDay.study_desc : statReportDay.doctor}`;
  const modality = lowered(t.modality);
  const kind = kindOf(t.patient_type);
  return db
    .select({
      name,
      modality,
      kind,
      reports: sql<number>`sum(${t.reports})::int`,
      parts: sql<number>`coalesce(sum(${t.parts}), 0)::int`,
    })
    .from(t as PgTable)
    .where(
      and(
        eq(t.stage, st),
        inScope(scope, t.hospital_code),
        part ? undefined : ne(statReportDay.doctor, ''),
        zhanjiangModality(t.modality),
        daysIn(t.day, q.startTime, q.endTime),
      ),
    )
    .groupBy(name, modality, kind)
    .having(sql`sum(${t.reports}) > 0`);
};

const emptyRow = (name: string, total = false): ZhanjiangRow =>
  ({ name, ...Object.fromEntries(ZHANJIANG_COLUMNS.map((c) => [c, 0])), sum: 0, total }) as ZhanjiangRow;

/**
 * The three-tab page: rows by body part (part) or doctor (report, work), columns modality x stage x kind;
 * reports counted (part, report) or their body parts summed (work); zero rows left out; total row last.
 */
export async function zhanjiangCount(
  db: Db,
  scope: HospitalScope,
  q: ZhanjiangRequest,
  source: StageSource = rolledStage,
): Promise<ZhanjiangRow[]> {
  const [written, audited] = await Promise.all([source(db, scope, q, 'c'), source(db, scope, q, 's')]);
  const rows = new Map<string, ZhanjiangRow>();
  const total = emptyRow('', true);
  const add = (t: StageTally, st: Stage) => {
    const n = q.tab === 'work' ? t.parts : t.reports;
    const col = `${t.modality}_${st}_${t.kind}` as ZhanjiangColumn;
    const row = rows.get(t.name) ?? rows.set(t.name, emptyRow(t.name)).get(t.name)!;
    for (const r of [row, total]) {
      r[col] += n;
      r.sum += n;
    }
  };
  for (const t of written) add(t, 'c');
  for (const t of audited) add(t, 's');
  const list = [...rows.values()].filter((r) => r.sum > 0).sort((a, b) => a.name.localeCompare(b.name));
  return [...list, total];
}

export const directZhanjiangCount = (db: Db, scope: HospitalScope, q: ZhanjiangRequest) =>
  zhanjiangCount(db, scope, q, directStage);
