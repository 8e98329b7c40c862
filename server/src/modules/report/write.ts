import { decide, validateReport, type FieldProblem, type RuleRefusal } from '@shared/report/rules';
import type { AuditAction } from '@shared/schemas/audit';
import type { AddendumInput, ReportDetail, ReportTransition, SaveReport, SignRequest } from '@shared/schemas/report';
import type { Esign } from '@shared/schemas/report-signature';
import { eq } from 'drizzle-orm';
import { hospital } from '../../platform/db/schema';
import type { Db } from '../../platform/db/client';
import { AppError } from '../../platform/core/errors';
import { translate, type MessageKey } from '../../platform/core/i18n';
import type { Caller } from './caller';
import { withdrawOnCancel } from './outbox';
import { checkContent, failingSexes } from './content-check';
import { assertVersion, staleNow, target, type ReportRow, type StudyRecord } from './repo';
import { checkSignature, signRequestFor, storeSignature, summaryOfRow } from './signature';
import type { WriteStatement, Written } from './statement';
import { editParams, targetParams, WRITES } from './write-specs';
import { toReportDetail } from './serialize';

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

type Attempt = () => Promise<Written | null>;

/**
 * A write as its one statement (write-specs.ts). When that writes nothing, `explain` reads the report and
 * throws the refusal the caller is owed (scope, version, state, input); when it finds nothing to refuse
 * (a missing position it has now created, a check the statement could not make), the attempt it returns
 * runs once more, and nothing written then means another writer got there first.
 */
async function writeOrExplain(
  db: Db,
  first: Attempt | null,
  explain: () => Promise<{ rptPk: number; again: Attempt }>,
): Promise<ReportDetail> {
  const done = first && (await first());
  if (done) return toReportDetail(done.row);
  const { rptPk, again } = await explain();
  const written = await again();
  if (!written) throw await staleNow(db, rptPk);
  return toReportDetail(written.row);
}

/** An unsigned audit at a hospital whose audits must be signed (hospital setting esign 2). */
async function assertSignatureNotRequired(db: Db, s: StudyRecord): Promise<void> {
  const [h] = await db.select({ esign: hospital.esign }).from(hospital).where(eq(hospital.code, s.hospital_code));
  if (h?.esign === 2) throw new AppError(409, 'ESIGN_REQUIRED', 'esignRequired');
}

/** The input's checks that need the report: its existence and scope, version, state, fields and content. */
async function explainEdit(
  db: Db,
  caller: Caller,
  input: SaveReport,
  action: 'save' | 'audit',
  signed = input.esign !== undefined,
) {
  const { s, r } = await target(db, caller.me, input.study_iuid, input.rpt_position, true);
  assertVersion(r, input.version);
  const d = decide(action, stateOf(r), { oneClickAudit: caller.me.settings.oneClickAudit });
  if (!d.ok) refuse(d.reason);
  assertValid(input, caller);
  await assertContent(db, input, s, caller);
  if (action === 'audit' && !signed) await assertSignatureNotRequired(db, s);
  return { s, r, rptPk: r.rpt_pk, saveFirst: d.saveFirst === true };
}

/** The sexes the content check refuses this text for, or null when the statement cannot decide it. */
async function sexesRefused(db: Db, caller: Caller, input: SaveReport): Promise<string[] | null> {
  if (validateReport(input, { showray: caller.me.settings.showray }).length) return null;
  if (input.RemoveCheck) return [];
  return failingSexes(db, { findings: input.report_text1, opinion: input.report_text2 });
}

async function edit(db: Db, caller: Caller, input: SaveReport, action: 'save' | 'audit'): Promise<ReportDetail> {
  const badSexes = await sexesRefused(db, caller, input);
  const statement = (w: WriteStatement, sexes: string[]) => () => w.run(db, editParams(caller, input, sexes));
  return writeOrExplain(db, badSexes && statement(WRITES[action], badSexes), async () => {
    const { rptPk, saveFirst } = await explainEdit(db, caller, input, action);
    // The content check has now passed against the patient's sex (or was waived).
    return { rptPk, again: statement(saveFirst ? WRITES.auditSaveFirst : WRITES[action], []) };
  });
}

/**
 * A save or audit signed with the writer's USB key: every check first (the report's, then the signature's
 * over exactly this write), then the write and the signature in one transaction, the write's time being
 * the signed one. A signature that does not verify writes nothing.
 */
async function signedEdit(db: Db, caller: Caller, input: SaveReport & { esign: Esign }, action: 'save' | 'audit') {
  const { s, r, saveFirst } = await explainEdit(db, caller, input, action);
  const checked = await checkSignature(db, caller, input, { s, r }, action, new Date());
  const w = saveFirst ? WRITES.auditSaveFirst : WRITES[action];
  const params = { ...editParams(caller, input, []), now: checked.signedAt.toISOString() };
  const { row, sig } = await db.transaction(async (tx) => {
    const written = await w.runIn(tx, params);
    if (!written) throw await staleNow(db, r.rpt_pk);
    return { row: written.row, sig: await storeSignature(tx, caller, checked, written.row) };
  });
  const warning = checked.validity.nearExpiry
    ? translate(caller.locale, 'certExpiring', { days: checked.validity.daysLeft })
    : undefined;
  return { ...toReportDetail(row), esign: { ...summaryOfRow(sig), warning } };
}

const editOrSigned = (db: Db, caller: Caller, input: SaveReport, action: 'save' | 'audit') =>
  input.esign ? signedEdit(db, caller, { ...input, esign: input.esign }, action) : edit(db, caller, input, action);

export const saveReport = (db: Db, caller: Caller, input: SaveReport) => editOrSigned(db, caller, input, 'save');

/** Audit; at status 0 with oneClickAudit, the same statement records the save first. */
export const auditReport = (db: Db, caller: Caller, input: SaveReport) => editOrSigned(db, caller, input, 'audit');

/** The document a signed save or audit of exactly this input would sign (the report's checks first). */
export async function signRequest(db: Db, caller: Caller, input: SignRequest) {
  const { s, r } = await explainEdit(db, caller, input, input.role === 'audit' ? 'audit' : 'save', true);
  return signRequestFor(db, caller, input, { s, r }, new Date());
}

/**
 * Leaving status 2 (cancel-audit, void) withdraws the audit's delivery in the same transaction, right
 * after the statement that holds the report row (docs/report-products.md).
 */
async function transition(db: Db, caller: Caller, input: ReportTransition, action: 'cancelAudit' | 'invalid') {
  const attempt: Attempt = () =>
    db.transaction(async (tx) => {
      const now = new Date();
      const written = await WRITES[action].runIn(tx, targetParams(caller, input, now));
      // A cancel always leaves an audit; a void does when the report was audited.
      if (written && (action === 'cancelAudit' || written.priorStatus === 2)) {
        const { rpt_pk, version } = written.row;
        await withdrawOnCancel(tx, { rpt_pk, version, actor_pk: caller.me.pk, now });
      }
      return written;
    });
  return writeOrExplain(db, attempt, async () => {
    const { r } = await target(db, caller.me, input.study_iuid, input.rpt_position, false);
    assertVersion(r, input.version);
    const d = decide(action, stateOf(r));
    if (!d.ok) refuse(d.reason);
    return { rptPk: r.rpt_pk, again: attempt };
  });
}

export const cancelAudit = (db: Db, caller: Caller, input: ReportTransition) =>
  transition(db, caller, input, 'cancelAudit');

export const invalidReport = (db: Db, caller: Caller, input: ReportTransition) =>
  transition(db, caller, input, 'invalid');

/** An addendum to the audited report at `version` (write-specs.ts ADDENDUM): the report with its new version. */
export async function addAddendum(db: Db, caller: Caller, input: AddendumInput): Promise<ReportDetail> {
  const attempt: Attempt = () => WRITES.addendum.run(db, { ...targetParams(caller, input), text: input.text });
  return writeOrExplain(db, attempt, async () => {
    const { r } = await target(db, caller.me, input.study_iuid, input.rpt_position, false);
    assertVersion(r, input.version);
    const d = decide('addendum', stateOf(r));
    if (!d.ok) refuse(d.reason);
    return { rptPk: r.rpt_pk, again: attempt };
  });
}

/** Critical value set (1 with its text) or deleted (0, empty), in any state. */
export async function markCritical(
  db: Db,
  caller: Caller,
  input: ReportTransition & { is_critical: number; danger_val: string },
): Promise<ReportDetail> {
  const attempt: Attempt = () =>
    WRITES.critical.run(db, {
      ...targetParams(caller, input),
      isCritical: input.is_critical,
      dangerVal: input.is_critical ? input.danger_val : '',
      auditAction: (input.is_critical ? 'report_critical_set' : 'report_critical_delete') satisfies AuditAction,
    });
  return writeOrExplain(db, attempt, async () => {
    const { r } = await target(db, caller.me, input.study_iuid, input.rpt_position, false);
    assertVersion(r, input.version);
    return { rptPk: r.rpt_pk, again: attempt };
  });
}
