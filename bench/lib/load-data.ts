import { inArray } from 'drizzle-orm';
import type { Db } from '../../server/src/platform/db/client';
import { report, role, study, sysUser } from '../../server/src/platform/db/schema';
import { hashPassword } from '../../server/src/platform/core/crypto';

export const LOAD_PASSWORD = 'Bench@123';
const HOSPITALS = ['H001', 'H002'] as const;
const MODALITIES = ['CT', 'CT', 'DR', 'DR', 'MR', 'US', 'DX'] as const;
const CHUNK = 500;

export interface LoadAccount {
  username: string;
  auditor: boolean;
}

/** `n` accounts over the demo hospitals: three in ten reviewing doctors (audit_doctor), the rest report doctors. */
export async function createLoadUsers(db: Db, n: number): Promise<LoadAccount[]> {
  const roles = await db
    .select()
    .from(role)
    .where(inArray(role.code, ['report_doctor', 'audit_doctor']));
  const roleOf = (code: string) => roles.find((r) => r.code === code)!.pk;
  const password_hash = await hashPassword(LOAD_PASSWORD);
  const accounts = Array.from({ length: n }, (_, i) => ({ username: `load${i}`, auditor: i % 10 < 3 }));
  await db.insert(sysUser).values(
    accounts.map((a, i) => ({
      username: a.username,
      password_hash,
      ch_name: `压测医生${i}`,
      hospital_code: HOSPITALS[i % HOSPITALS.length]!,
      role_pk: roleOf(a.auditor ? 'audit_doctor' : 'report_doctor'),
      department: '放射科',
    })),
  );
  return accounts;
}

/**
 * `n` studies of the last 29 days over the demo hospitals, each with its report: half not written,
 * a third saved, the rest audited, so both kinds of user find work from the start.
 */
export async function createLoadStudies(db: Db, n: number): Promise<void> {
  const now = Date.now();
  for (let from = 0; from < n; from += CHUNK) {
    const rows = Array.from({ length: Math.min(CHUNK, n - from) }, (_, k) => {
      const i = from + k;
      const when = new Date(now - ((i * 7919) % (29 * 1440)) * 60_000);
      return {
        study_iuid: `1.2.826.0.1.3680043.77.${i + 1}`,
        hospital_code: HOSPITALS[i % HOSPITALS.length]!,
        patient_id: `L${i % 3000}`,
        patient_name: `压测${i % 3000}`,
        patient_sex: i % 2 ? 'F' : 'M',
        modality: MODALITIES[(i >> 1) % MODALITIES.length]!,
        study_desc: '胸部CT平扫',
        study_datetime: when,
        create_time: new Date(when.getTime() + 5 * 60_000),
      };
    });
    const studies = await db.insert(study).values(rows).returning({ pk: study.pk });
    await db.insert(report).values(studies.map((s, k) => reportRow(s.pk, from + k)));
  }
}

function reportRow(study_pk: number, i: number) {
  const status = i % 6 < 3 ? 0 : i % 6 < 5 ? 1 : 2;
  if (status === 0) return { study_pk, rpt_position: 1, rpt_status: 0 };
  const texts = { report_text1: '双肺纹理清晰。', report_text2: '胸部CT平扫未见明显异常。', rpt_good_status: 1 };
  const audited = status === 2 ? { sh_doctor: '李主任', sh_datetime: new Date() } : {};
  return {
    study_pk,
    rpt_position: 1,
    rpt_status: status,
    report_doctor: '张医生',
    report_datetime: new Date(),
    ...texts,
    ...audited,
  };
}
