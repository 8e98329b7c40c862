import { sql } from 'drizzle-orm';
import type { ReportTransition, SaveReport } from '@shared/schemas/report';
import { CRITICAL_STATUS, criticalResult, reportAddendum, study, sysUser } from '../../platform/db/schema';
import type { Caller } from './caller';
import { criticalHisJobCte } from './outbox';
import { statementText, writeStatement, type WriteParams, type WriteSpec } from './statement';

/** Every write of a report, as the statement it runs (statement.ts). */

const p = (name: string) => sql.placeholder(name);

/** What a save or an audit writes from the input. */
const fromInput = sql`
  rpt_good_status = ${p('goodStatus')}::smallint,
  image_quality = coalesce(${p('imageQuality')}::smallint, r.image_quality),
  report_text1 = ${p('text1')}::text,
  report_text2 = ${p('text2')}::text,
  rpt_detail = case when ${p('detailGiven')}::boolean then ${p('detail')}::jsonb else r.rpt_detail end`;
/** Who wrote the report and when; the template model id is fixed at the first save. */
const writer = sql`
  rpt_model_id = case when r.rpt_model_id = '' then ${p('modelId')}::text else r.rpt_model_id end,
  report_doctor = ${p('actorName')}::text,
  report_doctor_uuid = ${p('actorUuid')}::text,
  report_datetime = ${p('now')}::timestamptz`;
/** Who audited and when, with their signature image as it is now: the printed report keeps that one. */
const reviewer = sql`sh_doctor = ${p('actorName')}::text, sh_datetime = ${p('now')}::timestamptz,
  sign = coalesce((select su.sign from ${sysUser} su where su.pk = ${p('actorPk')}::integer), '')`;
const edit = { checksSex: true, clearsDrafts: true, setsStudyDesc: true } as const;

const SAVE: WriteSpec = {
  name: 'rx_report_save',
  action: 'save',
  ...edit,
  set: sql`${fromInput}, ${writer}, rpt_status = 1`,
  versions: [{ status: 1, texts: 'new' }],
  audits: [{ action: 'report_save', from: 'old', to: 1 }],
};

const AUDIT: WriteSpec = {
  name: 'rx_report_audit',
  action: 'audit',
  ...edit,
  needsSignatureWhereRequired: true,
  set: sql`${fromInput}, ${reviewer}, rpt_status = 2`,
  versions: [{ status: 2, texts: 'new' }],
  audits: [{ action: 'report_audit', from: 'old', to: 2 }],
};

/** One-click audit of a report not saved yet: the save's version and log first, then the audit's. */
const AUDIT_SAVE_FIRST: WriteSpec = {
  name: 'rx_report_audit_save_first',
  action: 'audit',
  saveFirst: true,
  ...edit,
  needsSignatureWhereRequired: true,
  set: sql`${fromInput}, ${writer}, ${reviewer}, rpt_status = 2`,
  versions: [
    { status: 1, texts: 'new' },
    { status: 2, texts: 'new' },
  ],
  audits: [
    { action: 'report_save', from: 'old', to: 1 },
    { action: 'report_audit', from: 1, to: 2 },
  ],
};

/** Version status 3: review cancelled, as the trace view shows it. Drafts stay. */
const CANCEL_AUDIT: WriteSpec = {
  name: 'rx_report_cancel_audit',
  action: 'cancelAudit',
  checksSex: false,
  clearsDrafts: false,
  setsStudyDesc: false,
  set: sql`rpt_status = 1, sh_doctor = '', sh_datetime = null, sign = ''`,
  versions: [{ status: 3, texts: 'old' }],
  audits: [{ action: 'report_cancel_audit', from: 'old', to: 1 }],
};

/** Void: back to 0, clearing texts, dates, doctors and signatures; version status 4 keeps what was there. */
const INVALID: WriteSpec = {
  name: 'rx_report_invalid',
  action: 'invalid',
  checksSex: false,
  clearsDrafts: true,
  setsStudyDesc: false,
  set: sql`rpt_status = 0, rpt_good_status = null, image_quality = null, report_text1 = '', report_text2 = '',
    rpt_detail = null, report_datetime = null, report_doctor = '', report_doctor_uuid = '', bind_rpt_user = '',
    sh_doctor = '', sh_datetime = null, sign = '', print_status = 0`,
  versions: [{ status: 4, texts: 'old' }],
  audits: [{ action: 'report_invalid', from: 'old', to: 0 }],
  tellsPriorStatus: true,
};

/**
 * The critical result's loop (critical_result), in the same statement: a deleted or changed value closes the open
 * loop (withdrawn); a value set that no open or acknowledged loop of the report holds with that text opens one,
 * and where the hospital has an HIS interface taking results, the loop's HL7 message to it (outbox.ts).
 * The report row the statement updates serialises two writes of one report.
 */
const criticalLoop = sql`,
  cw as (
    update ${criticalResult} c set status = ${CRITICAL_STATUS.WITHDRAWN}, closed_at = ${p('now')}::timestamptz
    from u where c.rpt_pk = u.rpt_pk and c.status = ${CRITICAL_STATUS.OPEN}
      and (${p('isCritical')}::smallint = 0 or c.text <> ${p('dangerVal')}::text)
  ),
  cn as (
    insert into ${criticalResult} (rpt_pk, study_pk, hospital_code, department, text, set_by_pk, set_by_name, set_at)
    select u.rpt_pk, u.study_pk, st.hospital_code, coalesce(st.department, ''), ${p('dangerVal')}::text,
      ${p('actorPk')}::integer, ${p('actorName')}::text, ${p('now')}::timestamptz
    from u join ${study} st on st.pk = u.study_pk
    where ${p('isCritical')}::smallint = 1 and not exists (
      select 1 from ${criticalResult} c where c.rpt_pk = u.rpt_pk
        and c.status in (${CRITICAL_STATUS.OPEN}, ${CRITICAL_STATUS.ACKNOWLEDGED}) and c.text = ${p('dangerVal')}::text)
    returning pk, rpt_pk, hospital_code
  ),
  ${criticalHisJobCte(sql`${p('actorPk')}::integer`)}`;

/** Critical value set or deleted, in any state; no version row; the critical result's loop follows. */
const CRITICAL: WriteSpec = {
  name: 'rx_report_critical',
  action: null,
  checksSex: false,
  clearsDrafts: false,
  setsStudyDesc: false,
  set: sql`is_critical = ${p('isCritical')}::smallint, danger_val = ${p('dangerVal')}::text`,
  versions: [],
  audits: [{ action: 'param', from: 'old', to: 'old' }],
  also: criticalLoop,
};

/**
 * An addendum after the audit (issue 41): the report's texts and signatures stay; a version row of status 2 is
 * written, with its archive job and HL7 result (an audit's outbox: the PDF of the original and every addendum up
 * to this one, delivered as `amended` / a correction), and the addendum row names that version. The report's
 * version check serialises two addenda, so the number is the next one.
 */
const ADDENDUM: WriteSpec = {
  name: 'rx_report_addendum',
  action: 'addendum',
  checksSex: false,
  clearsDrafts: false,
  setsStudyDesc: false,
  set: sql`delivery_status = r.delivery_status`,
  versions: [{ status: 2, texts: 'new' }],
  audits: [{ action: 'report_addendum', from: 2, to: 2 }],
  also: sql`,
  ad as (
    insert into ${reportAddendum} (rpt_pk, version_pk, seq, text, author, author_pk, created_at)
    select v.rpt_pk, v.pk,
      coalesce((select max(x.seq) from ${reportAddendum} x where x.rpt_pk = v.rpt_pk), 0) + 1,
      ${p('text')}::text, ${p('actorName')}::text, ${p('actorPk')}::integer, ${p('now')}::timestamptz
    from v
  )`,
};

export const WRITES = {
  save: writeStatement(SAVE),
  audit: writeStatement(AUDIT),
  auditSaveFirst: writeStatement(AUDIT_SAVE_FIRST),
  cancelAudit: writeStatement(CANCEL_AUDIT),
  invalid: writeStatement(INVALID),
  critical: writeStatement(CRITICAL),
  addendum: writeStatement(ADDENDUM),
};

/** The statements bench:report runs straight against PostgreSQL, with their parameter names. */
export const benchStatementTexts = () => ({
  save: statementText(SAVE),
  audit: statementText(AUDIT),
  cancel: statementText(CANCEL_AUDIT),
});

/** Which report, as whom, at which version: what every write's guard reads. */
export function targetParams({ me }: Caller, input: ReportTransition, now = new Date()): WriteParams {
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
    actorUuid: me.uuid,
    now: now.toISOString(),
    modelId: String(now.getTime()),
  };
}

/** A save's or an audit's input; `badSexes`: the patient sexes the content check refuses the text for. */
export function editParams(caller: Caller, input: SaveReport, badSexes: string[]): WriteParams {
  return {
    ...targetParams(caller, input),
    badSexes: JSON.stringify(badSexes),
    goodStatus: input.rpt_good_status ?? null,
    imageQuality: input.image_quality ?? null,
    text1: input.report_text1,
    text2: input.report_text2,
    detailGiven: input.rpt_detail !== undefined,
    detail: input.rpt_detail === undefined || input.rpt_detail === null ? null : JSON.stringify(input.rpt_detail),
    studyDesc: input.study_desc.trim(),
    signed: input.esign !== undefined,
  };
}
