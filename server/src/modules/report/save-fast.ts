import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { ReportTransition, SaveReport } from '@shared/schemas/report';
import type { Db } from '../../platform/db/client';
import { auditLog, report, reportDraft, reportVersion, study } from '../../platform/db/schema';
import { namedStatement, preparedPerDb } from '../../platform/db/prepared';
import type { Caller } from './caller';
import { toReportRow } from './commit';
import { archiveJobCte, withdrawOnCancel } from './outbox';
import type { ReportRow } from './repo';

const p = (name: string) => sql.placeholder(name);

/*
 * The common writes (a save, an audit from 1 to 2, a cancelled audit) as one prepared statement each,
 * without reading first: the study and report are found by (study_iuid, rpt_position) under every rule
 * the write checks in code (scope as in `assertScope`, the version, a state `decide` allows, for save
 * and audit a patient sex the content check passes), and written as write.ts writes them. No row when
 * any rule is not met (or the report row is missing): the caller then takes the slow path, which reads
 * and gives the precise answer. The cancel runs in a transaction with its delivery's withdrawal.
 *
 * The UPDATE re-checks `r.version` on the row it locks, so a concurrent writer that got there first
 * makes this one find nothing, as in `commitWrite`. SET expressions see the old row; `o` gives the
 * old status to the audit row.
 */

/** `o`: the report the caller may write, at the version sent, where `state` holds. */
const found = (state: SQL) => sql`
  o as (
    select r.rpt_pk, r.rpt_status
    from ${study} s join ${report} r on r.study_pk = s.pk and r.rpt_position = ${p('position')}::smallint
    where s.study_iuid = ${p('iuid')} and s.is_del = 0
      and (${p('super')}::boolean or s.hospital_code = ${p('hospital')}::text)
      and (jsonb_array_length(${p('modalities')}::jsonb) = 0 or ${p('modalities')}::jsonb ? s.modality)
      and r.version = ${p('version')}::integer and r.third_party_pdf = '' and ${state}
  )`;
const sexPasses = sql`not (${p('badSexes')}::jsonb ? s.patient_sex)`;

/** `u`: the update of the report found, bumping the version and the updater. */
const update = (set: SQL) => sql`
  u as (
    update ${report} r set ${set},
      version = r.version + 1,
      updated_by = ${p('actorName')}::text,
      updated_at = ${p('now')}::timestamptz
    from o where r.rpt_pk = o.rpt_pk and r.version = ${p('version')}::integer
    returning r.*
  )`;

/** The fields a save or an audit writes from the input (as `writtenFields`). */
const writtenFields = sql`
  rpt_good_status = ${p('goodStatus')}::smallint,
  image_quality = coalesce(${p('imageQuality')}::smallint, r.image_quality),
  report_text1 = ${p('text1')}::text,
  report_text2 = ${p('text2')}::text,
  rpt_detail = case when ${p('detailGiven')}::boolean then ${p('detail')}::jsonb else r.rpt_detail end`;

/** The version row (as `textsOf`) and the audit-log row of the write. */
const logged = (versionStatus: number, action: string, to: number) => sql`
  v as (
    insert into ${reportVersion} (rpt_pk, rpt_model_id, rpt_position, rpt_status, save_user, texts)
    select rpt_pk, rpt_model_id, rpt_position, ${sql.raw(String(versionStatus))}, ${p('actorName')}::text,
      jsonb_build_object('report_text1', report_text1, 'report_text2', report_text2,
        'rpt_good_status', rpt_good_status, 'image_quality', image_quality, 'rpt_detail', rpt_detail)
    from u
    returning pk, rpt_pk, rpt_status
  ),${versionStatus === 2 ? sql`${archiveJobCte(sql`${p('actorPk')}::integer`)},` : sql``}
  a as (
    insert into ${auditLog} (user_pk, username, action, target, from_status, to_status)
    select ${p('actorPk')}::integer, ${p('actorUsername')}::text, ${sql.raw(`'${action}'`)}, 'report:' || u.rpt_pk,
      o.rpt_status::text, ${sql.raw(`'${to}'`)}
    from u join o on o.rpt_pk = u.rpt_pk
  )`;

/** Drafts go and the study's body part follows the input, as after any save or audit. */
const afterEdit = sql`
  d as (delete from ${reportDraft} where rpt_pk in (select rpt_pk from u)),
  s as (
    update ${study} set study_desc = ${p('studyDesc')}::text
    where pk in (select study_pk from u) and study_desc <> ${p('studyDesc')}::text
  )`;

const saveSql = sql`with ${found(sql`r.rpt_status in (0, 1) and ${sexPasses}`)},
    ${update(sql`${writtenFields},
      rpt_status = 1,
      rpt_model_id = case when r.rpt_model_id = '' then ${p('modelId')}::text else r.rpt_model_id end,
      report_doctor = ${p('actorName')}::text,
      report_doctor_uuid = ${p('actorUuid')}::text,
      report_datetime = ${p('now')}::timestamptz`)},
    ${logged(1, 'report_save', 1)}, ${afterEdit}
    select * from u`;
const saveStatement = preparedPerDb((db) => namedStatement(db, 'rx_report_save', saveSql));

/** Only an audit of a saved report (1 to 2); one-click audit of a new report stays on the slow path. */
const auditSql = sql`with ${found(sql`r.rpt_status = 1 and ${sexPasses}`)},
    ${update(sql`${writtenFields},
      rpt_status = 2,
      sh_doctor = ${p('actorName')}::text,
      sh_datetime = ${p('now')}::timestamptz`)},
    ${logged(2, 'report_audit', 2)}, ${afterEdit}
    select * from u`;
const auditStatement = preparedPerDb((db) => namedStatement(db, 'rx_report_audit', auditSql));

// Version status 3: review cancelled, as the trace view shows it. Drafts stay. It runs in a transaction
// with the withdrawal of the audit's delivery (`withdrawOnCancel`), which needs a snapshot taken after
// this statement holds the report row; the named statement is prepared once per connection all the same.
const cancelSql = sql`with ${found(sql`r.rpt_status = 2`)},
    ${update(sql`rpt_status = 1, sh_doctor = '', sh_datetime = null`)},
    ${logged(3, 'report_cancel_audit', 1)}
    select * from u`;

/** The three statements' text and parameter names, for bench:report to run them without the platform. */
export function fastStatementTexts() {
  const dialect = new PgDialect();
  const text = (q: SQL) => {
    const { sql: textOf, params } = dialect.sqlToQuery(q);
    return { text: textOf, names: params.map((x) => (x as { name: string }).name) };
  };
  return { save: text(saveSql), audit: text(auditSql), cancel: text(cancelSql) };
}

/** The statements' inputs are the validated request bodies (the shared schemas' output). */
export type FastTarget = ReportTransition;
export type FastSave = Omit<SaveReport, 'RemoveCheck'>;

function targetParams({ me }: Caller, input: FastTarget, now: Date) {
  return {
    iuid: input.study_iuid,
    position: input.rpt_position,
    super: me.isSuper,
    hospital: me.hospital_code,
    modalities: JSON.stringify(me.modalities),
    version: input.version,
    actorName: me.name,
    actorPk: me.pk,
    actorUsername: me.username,
    now: now.toISOString(),
  };
}
const editParams = (input: FastSave, badSexes: string[]) => ({
  badSexes: JSON.stringify(badSexes),
  goodStatus: input.rpt_good_status ?? null,
  imageQuality: input.image_quality ?? null,
  text1: input.report_text1,
  text2: input.report_text2,
  detailGiven: input.rpt_detail !== undefined,
  detail: input.rpt_detail === undefined || input.rpt_detail === null ? null : JSON.stringify(input.rpt_detail),
  studyDesc: input.study_desc.trim(),
});

async function run(
  statement: { execute: (v: Record<string, unknown>) => Promise<unknown> },
  params: Record<string, unknown>,
) {
  const result = (await statement.execute(params)) as { rows: Record<string, unknown>[] };
  const raw = result.rows[0];
  return raw ? toReportRow(raw) : null;
}

/** The saved report, or null when the statement wrote nothing (see above). */
export function saveInOne(db: Db, caller: Caller, input: FastSave, badSexes: string[]): Promise<ReportRow | null> {
  const now = new Date();
  return run(saveStatement(db), {
    ...targetParams(caller, input, now),
    ...editParams(input, badSexes),
    modelId: String(now.getTime()),
    actorUuid: caller.me.uuid,
  });
}

/** The audited report (from status 1), or null when the statement wrote nothing. */
export function auditInOne(db: Db, caller: Caller, input: FastSave, badSexes: string[]): Promise<ReportRow | null> {
  return run(auditStatement(db), { ...targetParams(caller, input, new Date()), ...editParams(input, badSexes) });
}

/**
 * The report with its audit cancelled, or null when the statement wrote nothing. In the same transaction,
 * the audit's delivery is withdrawn or superseded (docs/report-products.md).
 */
export function cancelAuditInOne(db: Db, caller: Caller, input: FastTarget): Promise<ReportRow | null> {
  return db.transaction(async (tx) => {
    const now = new Date();
    const row = await run(namedStatement(tx, 'rx_report_cancel_audit', cancelSql), targetParams(caller, input, now));
    if (row) await withdrawOnCancel(tx, { rpt_pk: row.rpt_pk, version: row.version, actor_pk: caller.me.pk, now });
    return row;
  });
}
