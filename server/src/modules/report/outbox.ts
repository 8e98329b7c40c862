import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { namedStatement } from '../../platform/db/prepared';
import { hl7Peer, report, reportJob, reportVersion, study } from '../../platform/db/schema';

/**
 * The archive job of an audit, and its HL7 result (ORU^R01) where the hospital has an HIS interface taking
 * results, as CTEs of the audit's own statement (an outbox): they exist exactly when the audit committed. Needs `u` (the updated report) and `v` (the inserted version rows, returning pk,
 * rpt_pk, rpt_status); only an audit writes a version row with status 2.
 */
export const archiveJobCte = (actorPk: SQL) => sql`
  j as (
    insert into ${reportJob} (kind, rpt_pk, version_pk, report_version, actor_pk)
    select 'archive', v.rpt_pk, v.pk, u.version, ${actorPk}
    from v join u on u.rpt_pk = v.rpt_pk where v.rpt_status = 2
  ),
  h7 as (
    insert into ${reportJob} (kind, rpt_pk, version_pk, report_version, actor_pk)
    select 'hl7_result', v.rpt_pk, v.pk, u.version, ${actorPk}
    from v join u on u.rpt_pk = v.rpt_pk join ${study} st on st.pk = u.study_pk
    where v.rpt_status = 2 and exists (select 1 from ${hl7Peer} hp
      where hp.hospital_code = st.hospital_code and hp.status = 1 and hp.result_port > 0)
  )`;

/**
 * The HIS message of a critical value (issue 41): where the report's hospital has an HIS interface taking
 * results, each loop the critical-value statement opens (`cn`, returning pk, rpt_pk, hospital_code) queues an
 * 'hl7_critical' job (ORU^R01, preliminary, OBX-8 AA), in that statement: it exists exactly when the loop does.
 */
export const criticalHisJobCte = (actorPk: SQL) => sql`
  ch as (
    insert into ${reportJob} (kind, rpt_pk, critical_pk, report_version, actor_pk)
    select 'hl7_critical', cn.rpt_pk, cn.pk, u.version, ${actorPk}
    from cn join u on u.rpt_pk = cn.rpt_pk
    where exists (select 1 from ${hl7Peer} hp
      where hp.hospital_code = cn.hospital_code and hp.status = 1 and hp.result_port > 0)
  )`;

/**
 * What cancelling an audit (2 to 1, or voiding an audited report) does to its delivery, in the cancel's own
 * transaction right after the statement that moved the report (an outbox, as the archive job). That
 * statement holds the report row, and every transaction that queues or settles a delivery takes that row
 * first (`lockReport`, the archive's next step), so this statement, with a snapshot taken after it, sees
 * every delivery job of the audit; `for update` waits for a worker that is claiming it.
 *
 * The audit is the report's newest audit version row. Its delivery:
 * - none (no endpoint, archive not done): nothing;
 * - pending and not in flight (not sent yet, or between retries): superseded, no more attempts;
 * - in flight (leased) or done: a 'withdraw' job, which waits until the delivery is no longer pending
 *   (`claimDue`) and is itself superseded when that attempt ends in a refusal (`settle`);
 * - failed (gave up) or superseded: never delivered;
 * but a delivery of which an attempt got no answer (`maybe_sent`) may be at the receiver: withdrawn too.
 * The report's delivery status follows: 'pending' with a withdrawal, else '' once the audit had a delivery.
 * The HL7 result (ORU^R01) of the audit is handled alike: its cancel ('hl7_cancel') is an ORU^R01 too.
 */
const p = (name: string) => sql.placeholder(name);
/**
 * The statement for one kind of sending: the FHIR delivery ('deliver', withdrawn by 'withdraw', with the
 * report's delivery status) or the HL7 result ('hl7_result', cancelled by 'hl7_cancel').
 */
const withdrawSqlFor = (send: string, withdraw: string, status: boolean) => sql`
    with a as (
      select pk from ${reportVersion} where rpt_pk = ${p('rptPk')}::bigint and rpt_status = 2 order by pk desc limit 1
    ),
    d as (
      select j.pk, j.state, j.maybe_sent,
        j.state = 'pending' and (j.locked_until is null or j.locked_until < ${p('now')}::timestamptz) as idle
      from ${reportJob} j
      where j.kind = ${sql.raw(`'${send}'`)} and j.version_pk = (select pk from a)
      for update
    ),
    s as (
      update ${reportJob} set state = 'superseded', last_error = 'audit cancelled before sending',
        locked_until = null, updated_at = ${p('now')}::timestamptz
      where pk in (select pk from d where idle)
    ),
    w as (
      insert into ${reportJob} (kind, rpt_pk, version_pk, report_version, actor_pk)
      select ${sql.raw(`'${withdraw}'`)}, ${p('rptPk')}::bigint, a.pk, ${p('version')}::integer, ${p('actorPk')}::integer
      from a cross join d
      where d.state = 'done' or (d.state = 'pending' and not d.idle) or (d.state <> 'superseded' and d.maybe_sent)
      on conflict do nothing
      returning pk
    )
    ${
      status
        ? sql`update ${report} set delivery_status = case when exists (select 1 from w) then 'pending' else '' end
    where rpt_pk = ${p('rptPk')}::bigint and exists (select 1 from d)`
        : sql`select count(*) from w`
    }`;
const withdrawSql = withdrawSqlFor('deliver', 'withdraw', true);
const cancelHl7Sql = withdrawSqlFor('hl7_result', 'hl7_cancel', false);

export async function withdrawOnCancel(
  tx: DbOrTx,
  c: { rpt_pk: number; version: number; actor_pk: number; now: Date },
): Promise<void> {
  const params = { rptPk: c.rpt_pk, version: c.version, actorPk: c.actor_pk, now: c.now.toISOString() };
  // Named: every cancel sends them, and their plans (six parts) are worth keeping per connection.
  await namedStatement(tx, 'rx_withdraw_on_cancel', withdrawSql).execute(params);
  await namedStatement(tx, 'rx_hl7_cancel_on_cancel', cancelHl7Sql).execute(params);
}
