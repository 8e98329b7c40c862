import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { auditLog, reportVersion, sysUser } from '../../platform/db/schema';
import { imageUrls } from '../../platform/images/image-asset';
import { userSignAt } from '../users';
import type { ReportRow } from './repo';
import { NO_REPORT_IMAGES, type ReportImages } from './serialize';

/** The audit a print shows instead of the report's current state (read.ts asAudited). */
export interface ShownAudit {
  versionPk: number;
  rpt_pk: number;
  at: Date;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function doctorSignAt(db: Db, uuid: string, at: Date): Promise<string> {
  if (!UUID.test(uuid)) return '';
  const [u] = await db.select({ pk: sysUser.pk }).from(sysUser).where(eq(sysUser.uuid, uuid));
  return u ? userSignAt(db, u.pk, at) : '';
}

/** Who made that audit: the audit-log row its statement wrote with the version row (one transaction, one time). */
async function auditorSignAt(db: Db, audit: ShownAudit): Promise<string> {
  const [row] = await db
    .select({ user_pk: auditLog.user_pk })
    .from(reportVersion)
    .innerJoin(
      auditLog,
      and(
        eq(auditLog.time, reportVersion.createtime),
        eq(auditLog.action, 'report_audit'),
        eq(auditLog.target, sql`'report:' || ${reportVersion.rpt_pk}`),
      ),
    )
    .where(eq(reportVersion.pk, audit.versionPk))
    .limit(1);
  return row?.user_pk ? userSignAt(db, row.user_pk, audit.at) : '';
}

/**
 * The signature images and seal of each audited report, as addresses signed for the reader. The auditor's is
 * the one the audit wrote into report.sign; for an earlier audit (`audit`, the archive's render), the one the
 * auditor had then. The report doctor's is theirs at the audit, from the audit trail of its changes; the seal
 * is the hospital's now.
 */
export async function reportImages(
  db: Db,
  reports: ReportRow[],
  seal: string,
  audit: ShownAudit | null,
): Promise<Map<number, ReportImages>> {
  const url = imageUrls(db);
  const out = new Map<number, ReportImages>();
  for (const r of reports) {
    if (r.rpt_status !== 2 || r.third_party_pdf) continue;
    const shown = audit?.rpt_pk === r.rpt_pk ? audit : null;
    const at = shown?.at ?? r.sh_datetime ?? new Date();
    const sh = shown ? await auditorSignAt(db, shown) : r.sign;
    const doctor = await doctorSignAt(db, r.report_doctor_uuid, at);
    out.set(r.rpt_pk, { report_doctor_sign: url(doctor), sh_doctor_sign: url(sh), hospital_seal: url(seal) });
  }
  return out;
}

export const imagesOf = (images: Map<number, ReportImages>, r: ReportRow) => images.get(r.rpt_pk) ?? NO_REPORT_IMAGES;
