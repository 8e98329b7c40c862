import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { auditLog, report, reportDraft, reportVersion, study } from '../../platform/db/schema';
import { archiveJobCte } from './outbox';
import type { ReportRow } from './repo';

export interface Commit {
  /** The report as read; the write applies only if it is still at this version. */
  row: ReportRow;
  set: Partial<typeof report.$inferInsert>;
  actor: { pk: number; username: string; name: string };
  /** One version row each (status + texts), in order; the version number advances by their count. */
  versions: { status: number; texts: Record<string, unknown> }[];
  audits: { action: string; from: number; to: number }[];
  clearDrafts: boolean;
  studyDesc?: { studyPk: number; value: string } | undefined;
}

/**
 * One write of a report as a single statement: the conditional UPDATE, and only if it happened, the
 * version rows, the audit-log rows, the draft removal and the study's body part. A single statement is
 * atomic, and the version condition makes a concurrent writer's UPDATE find nothing: it returns null.
 */
export async function commitWrite(db: DbOrTx, c: Commit): Promise<ReportRow | null> {
  const update = db
    .update(report)
    .set({
      ...c.set,
      version: c.row.version + Math.max(1, c.versions.length),
      updated_by: c.actor.name,
      updated_at: new Date(),
    })
    .where(and(eq(report.rpt_pk, c.row.rpt_pk), eq(report.version, c.row.version)))
    .returning();
  const versions = JSON.stringify(c.versions);
  const audits = JSON.stringify(c.audits.map((a) => ({ action: a.action, from: String(a.from), to: String(a.to) })));
  const studyDesc = c.studyDesc
    ? sql`, s as (update ${study} set study_desc = ${c.studyDesc.value}
          where pk = ${c.studyDesc.studyPk} and exists (select 1 from u))`
    : sql``;
  const drafts = c.clearDrafts
    ? sql`, d as (delete from ${reportDraft} where rpt_pk in (select rpt_pk from u))`
    : sql``;
  const result = await db.execute(sql`
    with u as (${update.getSQL()}),
    v as (
      insert into ${reportVersion} (rpt_pk, rpt_model_id, rpt_position, rpt_status, save_user, texts)
      select u.rpt_pk, u.rpt_model_id, u.rpt_position, (t.x->>'status')::smallint, ${c.actor.name}, t.x->'texts'
      from u cross join jsonb_array_elements(${versions}::jsonb) with ordinality as t(x, n) order by t.n
      returning pk, rpt_pk, rpt_status
    ),
    ${archiveJobCte(sql`${c.actor.pk}::integer`)},
    a as (
      insert into ${auditLog} (user_pk, username, action, target, from_status, to_status)
      select ${c.actor.pk}, ${c.actor.username}, t.x->>'action', 'report:' || u.rpt_pk, t.x->>'from', t.x->>'to'
      from u cross join jsonb_array_elements(${audits}::jsonb) with ordinality as t(x, n) order by t.n
    )${drafts}${studyDesc}
    select * from u`);
  const raw = (result as unknown as { rows: Record<string, unknown>[] }).rows[0];
  return raw ? toReportRow(raw) : null;
}

const date = (v: unknown) => (v === null || v === undefined ? null : v instanceof Date ? v : new Date(String(v)));

/** Raw driver row to the drizzle shape: int8 columns arrive as strings from node-postgres. */
export function toReportRow(r: Record<string, unknown>): ReportRow {
  return {
    ...(r as ReportRow),
    rpt_pk: Number(r.rpt_pk),
    study_pk: Number(r.study_pk),
    report_datetime: date(r.report_datetime),
    sh_datetime: date(r.sh_datetime),
    updated_at: date(r.updated_at) ?? new Date(),
  };
}
