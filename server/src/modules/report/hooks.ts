import { hookPoint } from '../../platform/hook';

/**
 * A report was audited (its archive job is in the outbox, written by the audit's own statement): the
 * report products' worker runs it now, WeChat tells the patient. Neither may fail or delay the audit.
 */
export const reportAudited = hookPoint<{ rpt_pk: number | null; auditor_pk: number }>('report.audited');

/**
 * An audit was cancelled, or an audited report voided: a withdrawal of its delivery may be in the outbox,
 * which the report products' worker runs now.
 */
export const auditWithdrawn = hookPoint<{ rpt_pk: number | null }>('report.auditWithdrawn');

/**
 * A report's critical value was set, changed or deleted (its critical_result loop written by the same
 * statement): the critical module tells the requesting department. Never delays the write.
 */
export const criticalChanged = hookPoint<{ rpt_pk: number }>('report.criticalChanged');

/**
 * An addendum was signed (its version's archive job and HL7 result in the outbox, written by its own statement):
 * the report products' worker runs them now. The patient is not told again.
 */
export const addendumAdded = hookPoint<{ rpt_pk: number | null }>('report.addendumAdded');
