import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { RPT_STATUSES } from '@shared/constants';
import { decide, type ReportAction } from '@shared/report/rules';
import type { AuditAction } from '@shared/schemas/audit';
import type { Db, Tx } from '../../platform/db/client';
import { auditLog, hospital, report, reportDraft, reportVersion, study } from '../../platform/db/schema';
import { namedStatement, preparedPerDb } from '../../platform/db/prepared';
import { archiveJobCte } from './outbox';
import type { ReportRow } from './repo';

/*
 * Every write of a report is one statement, built here from a `WriteSpec`: without reading first, it finds
 * the report by (study_iuid, rpt_position) under every rule the write has (scope as `assertScope`, the
 * version, a state `decide` allows, for save and audit a patient sex the content check passes), updates it,
 * and writes its version rows, audit-log rows, the audit's archive job, the draft removal and the study's
 * body part. No row when any rule is not met (or the report row is missing): write.ts then reads and gives
 * the precise answer. The UPDATE re-checks the version on the row it locks, so of two concurrent writers
 * the second finds nothing. SET expressions see the old row (`r`); `o` is the old row for the logs.
 */

const p = (name: string) => sql.placeholder(name);
const list = (xs: readonly number[]) => (xs.length ? xs.join(', ') : 'null');

/** The states a write may start from, as `decide` says (the one rule), over every stored status. */
function stateGuard(action: ReportAction | null, opts: { oneClickAudit?: boolean }, saveFirst: boolean): SQL {
  if (!action) return sql`true`;
  const allowed = (third_party: boolean) =>
    RPT_STATUSES.filter((rpt_status) => {
      const d = decide(action, { rpt_status, third_party }, opts);
      return d.ok && (d.saveFirst === true) === saveFirst;
    });
  const plain = list(allowed(false));
  const third = list(allowed(true));
  if (plain === third) return sql.raw(`r.rpt_status in (${plain})`);
  return sql.raw(`(r.third_party_pdf = '' and r.rpt_status in (${plain})
      or r.third_party_pdf <> '' and r.rpt_status in (${third}))`);
}

/** An audit-log entry: its action, and the statuses it records (`'old'`: the report's before the write). */
export interface LoggedAudit {
  action: AuditAction | 'param';
  from: number | 'old';
  to: number | 'old';
}

export interface WriteSpec {
  /** The prepared statement's name. */
  name: string;
  /** The `decide` action whose allowed states the write starts from; null: any state. */
  action: ReportAction | null;
  /** The write that first saves a new report (one-click audit): the states where `decide` says saveFirst. */
  saveFirst?: boolean;
  /** The content check's sex rule (`badSexes`) applies. */
  checksSex: boolean;
  /** SET expressions of the write, besides version, updated_by and updated_at. */
  set: SQL;
  /** One version row each, in order: its status, with the texts after the write or before it. */
  versions: { status: number; texts: 'new' | 'old' }[];
  /** One audit-log row each, in order; action 'param' takes the `auditAction` parameter. */
  audits: LoggedAudit[];
  /** The report's drafts go (the texts they held are written or voided). */
  clearsDrafts: boolean;
  /** The study's body part follows the `studyDesc` parameter. */
  setsStudyDesc: boolean;
  /** The answer says the status the report had before (`prior_status`), for a write that may leave an audit. */
  tellsPriorStatus?: boolean;
  /** Unless the `signed` parameter is true, nothing is written at a hospital whose audits must be signed. */
  needsSignatureWhereRequired?: boolean;
  /** More CTEs of the same statement (each starting with a comma), after `u` (the written report). */
  also?: SQL;
}

/** Hospital setting `esign` 2: an audit needs the auditor's electronic signature (docs/report-signature.md). */
const signedWhereRequired = sql`and (${p('signed')}::boolean
        or not exists (select 1 from ${hospital} h where h.code = s.hospital_code and h.esign = 2))`;

const found = (spec: WriteSpec) => sql`
  o as (
    select r.rpt_pk, r.rpt_status${spec.versions.some((v) => v.texts === 'old') ? sql`, r.report_text1, r.report_text2, r.rpt_good_status, r.image_quality, r.rpt_detail` : sql``}
    from ${study} s join ${report} r on r.study_pk = s.pk and r.rpt_position = ${p('position')}::smallint
    where s.study_iuid = ${p('iuid')} and s.is_del = 0
      and (${p('super')}::boolean or s.hospital_code = ${p('hospital')}::text)
      and (jsonb_array_length(${p('modalities')}::jsonb) = 0 or ${p('modalities')}::jsonb ? s.modality)
      and r.version = ${p('version')}::integer
      and ${stateGuard(spec.action, { oneClickAudit: spec.saveFirst }, spec.saveFirst === true)}
      ${spec.checksSex ? sql`and not (${p('badSexes')}::jsonb ? s.patient_sex)` : sql``}
      ${spec.needsSignatureWhereRequired ? signedWhereRequired : sql``}
  )`;

const update = (spec: WriteSpec) => sql`
  u as (
    update ${report} r set ${spec.set},
      version = r.version + ${sql.raw(String(Math.max(1, spec.versions.length)))},
      updated_by = ${p('actorName')}::text,
      updated_at = ${p('now')}::timestamptz
    from o where r.rpt_pk = o.rpt_pk and r.version = ${p('version')}::integer
    returning r.*
  )`;

const textsOf = (row: 'u' | 'o') =>
  sql.raw(`jsonb_build_object('report_text1', ${row}.report_text1, 'report_text2', ${row}.report_text2,
    'rpt_good_status', ${row}.rpt_good_status, 'image_quality', ${row}.image_quality, 'rpt_detail', ${row}.rpt_detail)`);

/** The version rows, in the spec's order (their pks follow it), and the audit's archive job. */
function versionRows(spec: WriteSpec): SQL {
  if (!spec.versions.length) return sql``;
  const rows = spec.versions.map(
    (v) => sql`select u.rpt_pk, u.rpt_model_id, u.rpt_position, ${sql.raw(String(v.status))}::smallint,
      ${p('actorName')}::text, ${v.texts === 'new' ? sql`${textsOf('u')} from u` : sql`${textsOf('o')} from u join o on o.rpt_pk = u.rpt_pk`}`,
  );
  const audited = spec.versions.some((v) => v.status === 2);
  return sql`,
  v as (
    insert into ${reportVersion} (rpt_pk, rpt_model_id, rpt_position, rpt_status, save_user, texts)
    ${sql.join(rows, sql` union all `)}
    returning pk, rpt_pk, rpt_status
  )${audited ? sql`, ${archiveJobCte(sql`${p('actorPk')}::integer`)}` : sql``}`;
}

const statusText = (s: number | 'old') => (s === 'old' ? sql`o.rpt_status::text` : sql.raw(`'${s}'`));

/** The audit-log rows, in the spec's order. */
function auditRows(spec: WriteSpec): SQL {
  const rows = spec.audits.map(
    (a) => sql`select ${p('actorPk')}::integer, ${p('actorUsername')}::text,
      ${a.action === 'param' ? sql`${p('auditAction')}::text` : sql.raw(`'${a.action}'`)}, 'report:' || u.rpt_pk,
      ${statusText(a.from)}, ${statusText(a.to)} from u join o on o.rpt_pk = u.rpt_pk`,
  );
  return sql`,
  a as (
    insert into ${auditLog} (user_pk, username, action, target, from_status, to_status)
    ${sql.join(rows, sql` union all `)}
  )`;
}

const clearDrafts = sql`,
  d as (delete from ${reportDraft} where rpt_pk in (select rpt_pk from u))`;
const studyDesc = sql`,
  s as (
    update ${study} set study_desc = ${p('studyDesc')}::text
    where pk in (select study_pk from u) and study_desc <> ${p('studyDesc')}::text
  )`;

/** The statement of a write; it returns the written report (with `prior_status` where the spec asks). */
export const writeSql = (
  spec: WriteSpec,
) => sql`with ${found(spec)}, ${update(spec)}${versionRows(spec)}${auditRows(spec)}${spec.clearsDrafts ? clearDrafts : sql``}${spec.setsStudyDesc ? studyDesc : sql``}${spec.also ?? sql``}
    select u.*${spec.tellsPriorStatus ? sql`, (select rpt_status from o) as prior_status` : sql``} from u`;

/** The statement's text and parameter names, for bench:report to run it without the platform. */
export function statementText(spec: WriteSpec) {
  const { sql: text, params } = new PgDialect().sqlToQuery(writeSql(spec));
  return { text, names: params.map((x) => (x as { name: string }).name) };
}

export interface Written {
  row: ReportRow;
  /** The report's status before the write, when the spec asks for it. */
  priorStatus: number | null;
}

const date = (v: unknown) => (v === null || v === undefined ? null : v instanceof Date ? v : new Date(String(v)));

/** Raw driver row to the drizzle shape: int8 columns arrive as strings from node-postgres. */
function toWritten(raw: Record<string, unknown>): Written {
  const { prior_status, ...r } = raw;
  const row = {
    ...(r as ReportRow),
    rpt_pk: Number(r.rpt_pk),
    study_pk: Number(r.study_pk),
    report_datetime: date(r.report_datetime),
    sh_datetime: date(r.sh_datetime),
    updated_at: date(r.updated_at) ?? new Date(),
  };
  return { row, priorStatus: prior_status === undefined ? null : Number(prior_status) };
}

export type WriteParams = Record<string, unknown>;
export interface WriteStatement {
  /** On the pool: prepared once per database. */
  run(db: Db, params: WriteParams): Promise<Written | null>;
  /** In a transaction, with what must share it: prepared once per connection. */
  runIn(tx: Tx, params: WriteParams): Promise<Written | null>;
}

async function execute(statement: { execute: (v: WriteParams) => Promise<unknown> }, params: WriteParams) {
  const result = (await statement.execute(params)) as { rows: Record<string, unknown>[] };
  const raw = result.rows[0];
  return raw ? toWritten(raw) : null;
}

/** The write as a function: the written report, or null when the statement wrote nothing. */
export function writeStatement(spec: WriteSpec): WriteStatement {
  const query = writeSql(spec);
  const onDb = preparedPerDb((db) => namedStatement(db, spec.name, query));
  return {
    run: (db, params) => execute(onDb(db), params),
    runIn: (tx, params) => execute(namedStatement(tx, spec.name, query), params),
  };
}
