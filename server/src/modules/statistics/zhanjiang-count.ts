import { and, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import {
  ZHANJIANG_COLUMNS,
  ZHANJIANG_MODALITIES,
  type ZhanjiangColumn,
  type ZhanjiangRequest,
  type ZhanjiangRow,
} from '@shared/schemas/statistics';
import type { Db } from '../../platform/db/client';
import { report, study } from '../../platform/db/schema';
import { inScope, type HospitalScope } from '../../platform/hospital-scope';
import { inDays } from './range';

/** Patient kind as in the monthly count: 3 emergency, 4 physical exam, anything else routine. */
const kind = sql<string>`case ${study.patient_type} when 3 then 'emergency' when 4 then 'exam' else 'routine' end`;
const modality = sql<string>`lower(${study.modality})`;

/** Reports and their body parts per row name, modality and kind, for one stage (written or audited). */
function stage(db: Db, scope: HospitalScope, q: ZhanjiangRequest, who: PgColumn, when: PgColumn, done: SQL) {
  const name = q.tab === 'part' ? sql<string>`${study.study_desc}` : sql<string>`${who}`;
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
        inArray(
          modality,
          ZHANJIANG_MODALITIES.map((m) => m),
        ),
        inDays(when, q.startTime, q.endTime),
      ),
    )
    .groupBy(name, modality, kind);
}

const emptyRow = (name: string, total = false): ZhanjiangRow =>
  ({ name, ...Object.fromEntries(ZHANJIANG_COLUMNS.map((c) => [c, 0])), sum: 0, total }) as ZhanjiangRow;

/**
 * The three-tab page: rows by body part (part) or doctor (report, work), columns modality x stage x kind;
 * reports counted (part, report) or their body parts summed (work); zero rows left out; total row last.
 */
export async function zhanjiangCount(db: Db, scope: HospitalScope, q: ZhanjiangRequest): Promise<ZhanjiangRow[]> {
  const [written, audited] = await Promise.all([
    stage(db, scope, q, report.report_doctor, report.report_datetime, sql`${report.rpt_status} >= 1`),
    stage(db, scope, q, report.sh_doctor, report.sh_datetime, sql`${report.rpt_status} = 2`),
  ]);
  const rows = new Map<string, ZhanjiangRow>();
  const total = emptyRow('', true);
  const add = (t: (typeof written)[number], st: 'c' | 's') => {
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
