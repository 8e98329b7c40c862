import { and, asc, inArray, lte, sql } from 'drizzle-orm';
import type { Addendum } from '@shared/schemas/report';
import type { Db } from '../../platform/db/client';
import { reportAddendum, reportVersion } from '../../platform/db/schema';
import { fmt } from '../../platform/core/time';

/**
 * The addenda of reports as shown and printed, oldest first, per report; with `upToVersion` only those written by
 * that version row or before it (the report as archived at that version: a later addendum is not in its PDF).
 * A void ends them: those written before the report's last void (its version row of status 4) belong to the
 * voided report, not to one written again after it (they stay in the table, and the versions keep their PDFs).
 */
export async function addendaOf(db: Db, rptPks: number[], upToVersion?: number): Promise<Map<number, Addendum[]>> {
  const found = new Map<number, Addendum[]>();
  if (!rptPks.length) return found;
  const rows = await db
    .select()
    .from(reportAddendum)
    .where(
      and(
        inArray(reportAddendum.rpt_pk, rptPks),
        upToVersion === undefined ? undefined : lte(reportAddendum.version_pk, upToVersion),
        sql`${reportAddendum.version_pk} > coalesce((select max(vv.pk) from ${reportVersion} vv
          where vv.rpt_pk = ${reportAddendum.rpt_pk} and vv.rpt_status = 4), 0)`,
      ),
    )
    .orderBy(asc(reportAddendum.rpt_pk), asc(reportAddendum.seq));
  for (const r of rows) {
    const list = found.get(r.rpt_pk) ?? [];
    list.push({ seq: r.seq, text: r.text, author: r.author, created_at: fmt(r.created_at) });
    found.set(r.rpt_pk, list);
  }
  return found;
}

/** One report's addenda up to a version row (what its archive and delivery carry). */
export const addendaUpTo = async (db: Db, rptPk: number, versionPk: number): Promise<Addendum[]> =>
  (await addendaOf(db, [rptPk], versionPk)).get(rptPk) ?? [];

/**
 * One addendum as plain text for a receiving system (the FHIR conclusion, an HL7 OBX), in the words the
 * printed report uses: 补充报告 1（author，time）：text.
 */
export const addendumText = (a: Addendum) => `补充报告 ${a.seq}（${a.author}，${a.created_at}）：${a.text}`;
