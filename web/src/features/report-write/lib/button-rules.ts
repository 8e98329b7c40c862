import { PERMISSIONS } from '@shared/permissions';
import { decide, type ReportAction, type RuleRefusal } from '@shared/report/rules';

export const ACTION_BUTTONS = [
  'save',
  'audit',
  'cancelAudit',
  'invalid',
  'print',
  'addendum',
  'critical',
  'patientInfo',
  'versions',
] as const;
export type ActionButton = (typeof ACTION_BUTTONS)[number];

export interface ButtonState {
  /** The user has the permission: the button shows. */
  visible: boolean;
  /** Clickable now. */
  enabled: boolean;
  /** Why it is disabled (a request runs, or the state machine refuses). */
  reason?: RuleRefusal | 'BUSY';
}

export interface ButtonInput {
  rpt_status: number;
  third_party: boolean;
  /** The user's permission check. */
  can: (code: string) => boolean;
  oneClickAudit: boolean;
  /** A request is running: every button waits. */
  busy: boolean;
}

const PERMISSION: Record<ActionButton, string | null> = {
  save: PERMISSIONS.SAVE_ORDER,
  audit: PERMISSIONS.AUDIT,
  cancelAudit: PERMISSIONS.CANCEL,
  invalid: PERMISSIONS.INVALID_REPORT,
  print: null,
  addendum: PERMISSIONS.AUDIT,
  critical: PERMISSIONS.SAVE_ORDER,
  patientInfo: PERMISSIONS.PATINFO,
  versions: null,
};

/** The rule of shared/src/report/rules.ts behind each button; null: no state rule. */
const RULE: Record<ActionButton, ReportAction | null> = {
  save: 'save',
  audit: 'audit',
  cancelAudit: 'cancelAudit',
  invalid: 'invalid',
  print: 'print',
  addendum: 'addendum',
  critical: null,
  patientInfo: null,
  versions: null,
};

/**
 * Enable rules of the report screen's buttons: permission decides whether a button shows, the shared
 * state machine whether it can be pressed, and every button waits while a request runs. Audit on an
 * unwritten report stays pressable: it then saves first (oneClickAudit) or says "save first".
 */
export function buttonStates(input: ButtonInput): Record<ActionButton, ButtonState> {
  const state = { rpt_status: input.rpt_status, third_party: input.third_party };
  const out = {} as Record<ActionButton, ButtonState>;
  for (const b of ACTION_BUTTONS) {
    const perm = PERMISSION[b];
    const visible = perm === null || input.can(perm);
    const rule = RULE[b];
    const d = rule ? decide(rule, state, { oneClickAudit: input.oneClickAudit }) : ({ ok: true } as const);
    const refusedHere = !d.ok && !(b === 'audit' && d.reason === 'SAVE_FIRST');
    const thirdPartyCritical = b === 'critical' && input.third_party;
    if (input.busy) out[b] = { visible, enabled: false, reason: 'BUSY' };
    else if (refusedHere) out[b] = { visible, enabled: false, reason: (d as { reason: RuleRefusal }).reason };
    else if (thirdPartyCritical) out[b] = { visible, enabled: false, reason: 'THIRD_PARTY' };
    else out[b] = { visible, enabled: true };
  }
  return out;
}
