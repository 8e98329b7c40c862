import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../platform/context';
import { CRITICAL_STATUS, criticalResult, report, study } from '../../platform/db/schema';
import type { JobRow, Outcome } from '../report-products';
import { orderFactsOf, sendOru } from './result-job';

/**
 * The 'hl7_critical' job (issue 41): a critical value told to the HIS before the report is signed, as a
 * preliminary ORU^R01 (OBR-25 P, one OBX with the value and OBX-8 AA) for the study's order, through the same
 * interface, charset and ACK rules as the final result. A loop withdrawn before it went (the value deleted or
 * changed: a changed value has its own loop and message) is not sent; an acknowledged one still is (the HIS
 * keeps the record whoever took the call first).
 */
export async function runHl7Critical(deps: AppDeps, job: JobRow): Promise<Outcome> {
  if (job.critical_pk === null) throw new Error(`report job ${job.pk} names no critical result`);
  const [row] = await deps.db
    .select({ c: criticalResult, s: study, r: report })
    .from(criticalResult)
    .innerJoin(report, eq(report.rpt_pk, criticalResult.rpt_pk))
    .innerJoin(study, eq(study.pk, criticalResult.study_pk))
    .where(eq(criticalResult.pk, job.critical_pk));
  if (!row) return { superseded: 'critical result gone' };
  if (row.c.status === CRITICAL_STATUS.WITHDRAWN) return { superseded: 'critical value withdrawn before sending' };
  const { facts, peer } = await orderFactsOf(deps, row.s, row.r);
  if (!peer) return { superseded: 'no HIS interface takes results' };
  return sendOru(
    deps,
    peer,
    {
      ...facts,
      control_id: `RX${job.pk}`,
      facility: peer.facility,
      charset: peer.charset,
      // Not signed: nobody interprets it yet; who set the value is the one who reports it.
      sh_doctor: '',
      report_doctor: row.c.set_by_name,
      audited_at: row.c.set_at,
      findings: '',
      impression: '',
      critical: row.c.text,
    },
    'P',
  );
}
