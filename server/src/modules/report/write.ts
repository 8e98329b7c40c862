import { decide, validateReport, type FieldProblem, type RuleRefusal } from '@shared/report/rules';
import type { ReportDetail, ReportTransition, SaveReport } from '@shared/schemas/report';
import type { Db } from '../../platform/db/client';
import type { report } from '../../platform/db/schema';
import { AppError } from '../../platform/core/errors';
import { translate, type MessageKey } from '../../platform/core/i18n';
import type { Caller } from './caller';
import { withdrawOnCancel } from './outbox';
import { commitWrite, type Commit } from './commit';
import { checkContent, failingSexes } from './content-check';
import { assertVersion, staleNow, target, type ReportRow, type StudyRecord } from './repo';
import { auditInOne, cancelAuditInOne, saveInOne } from './save-fast';
import { toReportDetail } from './serialize';

type ReportSet = Partial<typeof report.$inferInsert>;

const REFUSAL: Record<RuleRefusal, MessageKey> = {
  AUDITED: 'rptAudited',
  ALREADY_AUDITED: 'rptAlreadyAudited',
  SAVE_FIRST: 'rptSaveFirst',
  NOT_AUDITED: 'rptNotAudited',
  THIRD_PARTY: 'rptThirdParty',
  NOT_SAVED: 'rptNotSaved',
  NOT_NEW: 'rptNotNew',
};
const PROBLEM: Record<FieldProblem, [string, MessageKey]> = {
  RPT_GOOD_STATUS: ['rpt_good_status', 'vRptGoodStatus'],
  IMAGE_QUALITY: ['image_quality', 'vImageQuality'],
  STUDY_DESC: ['study_desc', 'vStudyDesc'],
  FINDINGS: ['report_text1', 'vFindings'],
  OPINION: ['report_text2', 'vOpinion'],
};

export const stateOf = (r: ReportRow) => ({ rpt_status: r.rpt_status, third_party: !!r.third_party_pdf });

export function refuse(reason: RuleRefusal): never {
  throw new AppError(409, 'REPORT_STATE', REFUSAL[reason], undefined, undefined, { reason });
}

function assertValid(input: SaveReport, caller: Caller): void {
  const problems = validateReport(input, { showray: caller.me.settings.showray });
  if (!problems.length) return;
  const errors = problems.map((p) => ({ field: PROBLEM[p][0], msg: translate(caller.locale, PROBLEM[p][1]) }));
  throw AppError.validation(PROBLEM[problems[0]!][1], errors);
}

async function assertContent(db: Db, input: SaveReport, s: StudyRecord, caller: Caller): Promise<void> {
  if (input.RemoveCheck) return;
  const checks = await checkContent(
    db,
    { findings: input.report_text1, opinion: input.report_text2, sex: s.patient_sex },
    caller.locale,
  );
  if (!checks.length) return;
  const features = checks.map((c) => c.feature).join('; ');
  throw new AppError(422, 'CONTENT_CHECK', 'rptContentCheck', { features }, undefined, { checks });
}

const textsOf = (
  r: Pick<ReportRow, 'report_text1' | 'report_text2' | 'rpt_good_status' | 'image_quality' | 'rpt_detail'>,
) => ({
  report_text1: r.report_text1,
  report_text2: r.report_text2,
  rpt_good_status: r.rpt_good_status,
  image_quality: r.image_quality,
  rpt_detail: r.rpt_detail ?? null,
});

async function commit(db: Db, caller: Caller, c: Omit<Commit, 'actor'>): Promise<ReportDetail> {
  const actor = { pk: caller.me.pk, username: caller.me.username, name: caller.me.name };
  // Leaving status 2 (cancel-audit, void) withdraws the audit's delivery in the same transaction.
  const unaudits = c.row.rpt_status === 2 && c.set.rpt_status !== undefined && c.set.rpt_status !== 2;
  const row = unaudits
    ? await db.transaction(async (tx) => {
        const now = new Date();
        const written = await commitWrite(tx, { ...c, actor });
        if (written)
          await withdrawOnCancel(tx, { rpt_pk: written.rpt_pk, version: written.version, actor_pk: actor.pk, now });
        return written;
      })
    : await commitWrite(db, { ...c, actor });
  if (!row) throw await staleNow(db, c.row.rpt_pk);
  return toReportDetail(row);
}

/** The fields a save or an audit writes from the input. */
function writtenFields(r: ReportRow, input: SaveReport): ReportSet {
  return {
    rpt_good_status: input.rpt_good_status,
    image_quality: input.image_quality ?? r.image_quality,
    report_text1: input.report_text1,
    report_text2: input.report_text2,
    rpt_detail: input.rpt_detail === undefined ? r.rpt_detail : input.rpt_detail,
  };
}
const savedFields = (r: ReportRow, caller: Caller, now: Date): ReportSet => ({
  rpt_status: 1,
  rpt_model_id: r.rpt_model_id || String(now.getTime()),
  report_doctor: caller.me.name,
  report_doctor_uuid: caller.me.uuid,
  report_datetime: now,
});
const studyDescChange = (s: StudyRecord, input: SaveReport) =>
  input.study_desc.trim() !== s.study_desc ? { studyPk: s.pk, value: input.study_desc.trim() } : undefined;

async function prepareWrite(db: Db, caller: Caller, input: SaveReport, action: 'save' | 'audit') {
  const { s, r } = await target(db, caller.me, input.study_iuid, input.rpt_position, true);
  assertVersion(r, input.version);
  const d = decide(action, stateOf(r), { oneClickAudit: caller.me.settings.oneClickAudit });
  if (!d.ok) refuse(d.reason);
  assertValid(input, caller);
  await assertContent(db, input, s, caller);
  return { s, r, saveFirst: d.saveFirst === true };
}

/** The one-statement save or audit when the input passes the checks made in code; otherwise null. */
async function fastEdit(
  db: Db,
  caller: Caller,
  input: SaveReport,
  write: typeof saveInOne,
): Promise<ReportDetail | null> {
  if (validateReport(input, { showray: caller.me.settings.showray }).length) return null;
  const badSexes = input.RemoveCheck
    ? []
    : await failingSexes(db, { findings: input.report_text1, opinion: input.report_text2 });
  if (!badSexes) return null;
  const row = await write(db, caller, input, badSexes);
  return row && toReportDetail(row);
}

/** The fast path first; when it writes nothing, the read-check-write path gives the precise answer. */
export async function saveReport(db: Db, caller: Caller, input: SaveReport): Promise<ReportDetail> {
  const fast = await fastEdit(db, caller, input, saveInOne);
  if (fast) return fast;
  const { s, r } = await prepareWrite(db, caller, input, 'save');
  const set = { ...writtenFields(r, input), ...savedFields(r, caller, new Date()) };
  return commit(db, caller, {
    row: r,
    set,
    versions: [{ status: 1, texts: textsOf({ ...r, ...set } as ReportRow) }],
    audits: [{ action: 'report_save', from: r.rpt_status, to: 1 }],
    clearDrafts: true,
    studyDesc: studyDescChange(s, input),
  });
}

/** Audit; at status 0 with oneClickAudit, the same statement records the save first. */
export async function auditReport(db: Db, caller: Caller, input: SaveReport): Promise<ReportDetail> {
  const fast = await fastEdit(db, caller, input, auditInOne);
  if (fast) return fast;
  const { s, r, saveFirst } = await prepareWrite(db, caller, input, 'audit');
  const now = new Date();
  const set: ReportSet = {
    ...writtenFields(r, input),
    ...(saveFirst ? savedFields(r, caller, now) : {}),
    rpt_status: 2,
    sh_doctor: caller.me.name,
    sh_datetime: now,
  };
  const texts = textsOf({ ...r, ...set } as ReportRow);
  return commit(db, caller, {
    row: r,
    set,
    versions: saveFirst
      ? [
          { status: 1, texts },
          { status: 2, texts },
        ]
      : [{ status: 2, texts }],
    audits: saveFirst
      ? [
          { action: 'report_save', from: r.rpt_status, to: 1 },
          { action: 'report_audit', from: 1, to: 2 },
        ]
      : [{ action: 'report_audit', from: r.rpt_status, to: 2 }],
    clearDrafts: true,
    studyDesc: studyDescChange(s, input),
  });
}

async function prepareTransition(db: Db, caller: Caller, input: ReportTransition, action: 'cancelAudit' | 'invalid') {
  const { r } = await target(db, caller.me, input.study_iuid, input.rpt_position, false);
  assertVersion(r, input.version);
  const d = decide(action, stateOf(r));
  if (!d.ok) refuse(d.reason);
  return r;
}

export async function cancelAudit(db: Db, caller: Caller, input: ReportTransition): Promise<ReportDetail> {
  const fast = await cancelAuditInOne(db, caller, input);
  if (fast) return toReportDetail(fast);
  const r = await prepareTransition(db, caller, input, 'cancelAudit');
  return commit(db, caller, {
    row: r,
    set: { rpt_status: 1, sh_doctor: '', sh_datetime: null },
    versions: [{ status: 3, texts: textsOf(r) }], // 3: review cancelled, as the trace view shows it
    audits: [{ action: 'report_cancel_audit', from: r.rpt_status, to: 1 }],
    clearDrafts: false,
  });
}

/** Void: back to 0, clearing texts, dates, doctors and signatures; the old text stays in the versions. */
export async function invalidReport(db: Db, caller: Caller, input: ReportTransition): Promise<ReportDetail> {
  const r = await prepareTransition(db, caller, input, 'invalid');
  return commit(db, caller, {
    row: r,
    set: {
      rpt_status: 0,
      rpt_good_status: null,
      image_quality: null,
      report_text1: '',
      report_text2: '',
      rpt_detail: null,
      report_datetime: null,
      report_doctor: '',
      report_doctor_uuid: '',
      bind_rpt_user: '',
      sh_doctor: '',
      sh_datetime: null,
      sign: '',
      print_status: 0,
    },
    versions: [{ status: 4, texts: textsOf(r) }], // 4: voided, keeping what was there
    audits: [{ action: 'report_invalid', from: r.rpt_status, to: 0 }],
    clearDrafts: true,
  });
}
