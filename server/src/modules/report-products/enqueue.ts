import { sql, type SQL } from 'drizzle-orm';
import { reportJob } from '../../db/schema';

/**
 * The archive job of an audit, as a CTE of the audit's own statement (an outbox): it exists exactly when
 * the audit committed. Needs `u` (the updated report) and `v` (the inserted version rows, returning pk,
 * rpt_pk, rpt_status); only an audit writes a version row with status 2.
 */
export const archiveJobCte = (actorPk: SQL) => sql`
  j as (
    insert into ${reportJob} (kind, rpt_pk, version_pk, report_version, actor_pk)
    select 'archive', v.rpt_pk, v.pk, u.version, ${actorPk}
    from v join u on u.rpt_pk = v.rpt_pk where v.rpt_status = 2
  )`;
