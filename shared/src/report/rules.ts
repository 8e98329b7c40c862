import { RPT_STATUS } from '../constants';

/**
 * The report state machine (spec section 4). Status 3 (review cancelled) and 4 (voided) are trace
 * states: a report in 3 behaves as saved, one in 4 as not written.
 */
export type ReportAction =
  | 'save'
  | 'audit'
  | 'cancelAudit'
  | 'invalid'
  | 'print'
  | 'retry'
  | 'applyTemplate'
  | 'editPages'
  | 'cache'
  | 'addendum';

export type RuleRefusal =
  'AUDITED' | 'ALREADY_AUDITED' | 'SAVE_FIRST' | 'NOT_AUDITED' | 'THIRD_PARTY' | 'NOT_SAVED' | 'NOT_NEW';

export interface ReportState {
  rpt_status: number;
  /** A third-party report has no rpt_pk of ours: status 2 shown through the other system's PDF. */
  third_party: boolean;
}

export function effectiveStatus(status: number): 0 | 1 | 2 {
  if (status === RPT_STATUS.AUDITED) return 2;
  if (status === RPT_STATUS.SAVED || status === RPT_STATUS.REVIEW_CANCELLED) return 1;
  return 0;
}

export type Decision = { ok: true; saveFirst?: boolean } | { ok: false; reason: RuleRefusal };

export function decide(action: ReportAction, s: ReportState, opts: { oneClickAudit?: boolean } = {}): Decision {
  const st = effectiveStatus(s.rpt_status);
  const thirdParty = s.third_party && st === 2;
  switch (action) {
    case 'save':
    case 'cache':
    case 'editPages':
      if (thirdParty) return { ok: false, reason: 'THIRD_PARTY' };
      return st === 2 ? { ok: false, reason: 'AUDITED' } : { ok: true };
    case 'audit':
      if (thirdParty) return { ok: false, reason: 'THIRD_PARTY' };
      if (st === 2) return { ok: false, reason: 'ALREADY_AUDITED' };
      if (st === 0) return opts.oneClickAudit ? { ok: true, saveFirst: true } : { ok: false, reason: 'SAVE_FIRST' };
      return { ok: true };
    case 'cancelAudit':
      if (thirdParty) return { ok: false, reason: 'THIRD_PARTY' };
      return st === 2 ? { ok: true } : { ok: false, reason: 'NOT_AUDITED' };
    case 'invalid':
      return thirdParty ? { ok: false, reason: 'THIRD_PARTY' } : { ok: true };
    case 'addendum':
      // An addition to what was signed off here; a third-party report is the other system's to amend.
      if (thirdParty) return { ok: false, reason: 'THIRD_PARTY' };
      return st === 2 ? { ok: true } : { ok: false, reason: 'NOT_AUDITED' };
    case 'print':
      return st === 2 ? { ok: true } : { ok: false, reason: 'NOT_AUDITED' };
    case 'retry':
      return st >= 1 ? { ok: true } : { ok: false, reason: 'NOT_SAVED' };
    case 'applyTemplate':
      return st === 0 ? { ok: true } : { ok: false, reason: 'NOT_NEW' };
  }
}

export interface ReportFields {
  rpt_good_status?: number | null | undefined;
  image_quality?: number | null | undefined;
  study_desc?: string | undefined;
  report_text1?: string | undefined;
  report_text2?: string | undefined;
}

export type FieldProblem = 'RPT_GOOD_STATUS' | 'IMAGE_QUALITY' | 'STUDY_DESC' | 'FINDINGS' | 'OPINION';

/** Save and audit validation (spec section 5). Order is the order the user is told. */
export function validateReport(f: ReportFields, opts: { showray: boolean }): FieldProblem[] {
  const problems: FieldProblem[] = [];
  if (f.rpt_good_status !== 1 && f.rpt_good_status !== 2) problems.push('RPT_GOOD_STATUS');
  if (opts.showray && ![1, 2, 3, 4].includes(f.image_quality ?? 0)) problems.push('IMAGE_QUALITY');
  if (!f.study_desc?.trim()) problems.push('STUDY_DESC');
  if (!f.report_text1?.trim()) problems.push('FINDINGS');
  if (!f.report_text2?.trim()) problems.push('OPINION');
  return problems;
}
