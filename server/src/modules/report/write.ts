import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { decide, validateReport, type FieldProblem, type RuleRefusal } from '@shared/report/rules';
import type { ReportDetail, SaveReportSchema, ReportTransitionSchema } from '@shared/schemas/report';
import type { Db, Tx } from '../../db/client';
import { report, reportDraft, reportVersion, study } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { translate, type MessageKey } from '../../lib/i18n';
import { audit } from '../audit/service';
import type { Caller } from './caller';
import { checkContent } from './content-check';
import { assertVersion, reportForUpdate, studyInScope, type ReportRow, type StudyRecord } from './repo';
import { toReportDetail } from './serialize';

type WriteInput = z.output<typeof SaveReportSchema>;
type TransitionInput = z.output<typeof ReportTransitionSchema>;

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

const stateOf = (r: ReportRow) => ({ rpt_status: r.rpt_status, third_party: !!r.third_party_pdf });

function refuse(reason: RuleRefusal): never {
  throw new AppError(409, 'REPORT_STATE', REFUSAL[reason], undefined, undefined, { reason });
}

function assertValid(input: WriteInput, caller: Caller): void {
  const problems = validateReport(input, { showray: caller.settings.showray });
  if (!problems.length) return;
  const errors = problems.map((p) => ({ field: PROBLEM[p][0], msg: translate(caller.locale, PROBLEM[p][1]) }));
  throw AppError.validation(PROBLEM[problems[0]!][1], errors);
}

async function assertContent(tx: Tx, input: WriteInput, s: StudyRecord, caller: Caller): Promise<void> {
  if (input.RemoveCheck) return;
  const checks = await checkContent(
    tx as unknown as Db,
    { findings: input.report_text1, opinion: input.report_text2, sex: s.patient_sex },
    caller.locale,
  );
  if (checks.length) {
    throw new AppError(
      422,
      'CONTENT_CHECK',
      'rptContentCheck',
      { features: checks.map((c) => c.feature).join('; ') },
      undefined,
      {
        checks,
      },
    );
  }
}

async function writeVersion(tx: Tx, r: ReportRow, status: number, who: string): Promise<void> {
  await tx.insert(reportVersion).values({
    rpt_pk: r.rpt_pk,
    rpt_model_id: r.rpt_model_id,
    rpt_position: r.rpt_position,
    rpt_status: status,
    save_user: who,
    texts: {
      report_text1: r.report_text1,
      report_text2: r.report_text2,
      rpt_good_status: r.rpt_good_status,
      image_quality: r.image_quality,
      rpt_detail: r.rpt_detail ?? null,
    },
  });
}

/** Updates the report if it is still at `version`; bumps the version and stamps who and when. */
async function update(
  tx: Tx,
  r: ReportRow,
  caller: Caller,
  set: Partial<typeof report.$inferInsert>,
): Promise<ReportRow> {
  const [row] = await tx
    .update(report)
    .set({ ...set, version: r.version + 1, updated_by: caller.name, updated_at: new Date() })
    .where(and(eq(report.rpt_pk, r.rpt_pk), eq(report.version, r.version)))
    .returning();
  if (!row) assertVersion({ ...r, version: -1 }, r.version);
  return row!;
}

async function logTransition(tx: Tx, caller: Caller, r: ReportRow, action: string, to: number) {
  await audit(tx as unknown as Db, {
    user_pk: caller.me.pk,
    username: caller.me.username,
    action,
    target: `report:${r.rpt_pk}`,
    from_status: String(r.rpt_status),
    to_status: String(to),
  });
}

async function applySave(tx: Tx, caller: Caller, s: StudyRecord, r: ReportRow, input: WriteInput): Promise<ReportRow> {
  const now = new Date();
  const saved = await update(tx, r, caller, {
    rpt_status: 1,
    rpt_good_status: input.rpt_good_status,
    image_quality: input.image_quality ?? r.image_quality,
    report_text1: input.report_text1,
    report_text2: input.report_text2,
    rpt_detail: input.rpt_detail === undefined ? r.rpt_detail : input.rpt_detail,
    rpt_model_id: r.rpt_model_id || String(now.getTime()),
    report_doctor: caller.name,
    report_doctor_uuid: caller.me.uuid,
    report_datetime: now,
  });
  if (input.study_desc.trim() !== s.study_desc) {
    await tx.update(study).set({ study_desc: input.study_desc.trim() }).where(eq(study.pk, s.pk));
  }
  await writeVersion(tx, saved, 1, caller.name);
  await tx.delete(reportDraft).where(eq(reportDraft.rpt_pk, r.rpt_pk));
  await logTransition(tx, caller, r, 'report_save', 1);
  return saved;
}

export async function saveReport(db: Db, caller: Caller, input: WriteInput): Promise<ReportDetail> {
  return db.transaction(async (tx) => {
    const s = await studyInScope(tx, caller.me, input.study_iuid);
    const r = await reportForUpdate(tx, s.pk, input.rpt_position, true);
    assertVersion(r, input.version);
    const d = decide('save', stateOf(r));
    if (!d.ok) refuse(d.reason);
    assertValid(input, caller);
    await assertContent(tx, input, s, caller);
    return toReportDetail(await applySave(tx, caller, s, r, input));
  });
}

export async function auditReport(db: Db, caller: Caller, input: WriteInput): Promise<ReportDetail> {
  return db.transaction(async (tx) => {
    const s = await studyInScope(tx, caller.me, input.study_iuid);
    const r = await reportForUpdate(tx, s.pk, input.rpt_position, true);
    assertVersion(r, input.version);
    const d = decide('audit', stateOf(r), { oneClickAudit: caller.settings.oneClickAudit });
    if (!d.ok) refuse(d.reason);
    assertValid(input, caller);
    await assertContent(tx, input, s, caller);
    const base = d.saveFirst ? await applySave(tx, caller, s, r, input) : r;
    const audited = await update(tx, base, caller, {
      rpt_status: 2,
      rpt_good_status: input.rpt_good_status,
      image_quality: input.image_quality ?? base.image_quality,
      report_text1: input.report_text1,
      report_text2: input.report_text2,
      rpt_detail: input.rpt_detail === undefined ? base.rpt_detail : input.rpt_detail,
      sh_doctor: caller.name,
      sh_datetime: new Date(),
    });
    if (input.study_desc.trim() !== s.study_desc) {
      await tx.update(study).set({ study_desc: input.study_desc.trim() }).where(eq(study.pk, s.pk));
    }
    await writeVersion(tx, audited, 2, caller.name);
    await tx.delete(reportDraft).where(eq(reportDraft.rpt_pk, r.rpt_pk));
    await logTransition(tx, caller, base, 'report_audit', 2);
    return toReportDetail(audited);
  });
}

export async function cancelAudit(db: Db, caller: Caller, input: TransitionInput): Promise<ReportDetail> {
  return db.transaction(async (tx) => {
    const s = await studyInScope(tx, caller.me, input.study_iuid);
    const r = await reportForUpdate(tx, s.pk, input.rpt_position, false);
    assertVersion(r, input.version);
    const d = decide('cancelAudit', stateOf(r));
    if (!d.ok) refuse(d.reason);
    const row = await update(tx, r, caller, { rpt_status: 1, sh_doctor: '', sh_datetime: null });
    await writeVersion(tx, row, 3, caller.name); // 3: review cancelled, as the trace view shows it
    await logTransition(tx, caller, r, 'report_cancel_audit', 1);
    return toReportDetail(row);
  });
}

/** Void: back to 0, clearing texts, dates, doctors and signatures; the old text stays in the versions. */
export async function invalidReport(db: Db, caller: Caller, input: TransitionInput): Promise<ReportDetail> {
  return db.transaction(async (tx) => {
    const s = await studyInScope(tx, caller.me, input.study_iuid);
    const r = await reportForUpdate(tx, s.pk, input.rpt_position, false);
    assertVersion(r, input.version);
    const d = decide('invalid', stateOf(r));
    if (!d.ok) refuse(d.reason);
    await writeVersion(tx, r, 4, caller.name); // 4: voided, keeping what was there
    const row = await update(tx, r, caller, {
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
    });
    await tx.delete(reportDraft).where(eq(reportDraft.rpt_pk, r.rpt_pk));
    await logTransition(tx, caller, r, 'report_invalid', 0);
    return toReportDetail(row);
  });
}
