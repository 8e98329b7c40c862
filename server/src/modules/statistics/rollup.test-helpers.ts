import { and, eq, inArray, like, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { report, study } from '../../platform/db/schema';

/**
 * Random studies and reports for the roll-up exactness test (rollup.api.test.ts): every state a statistics
 * call tells apart (status, marks, doctors or none, deleted, patient types, modality spellings, second
 * reports), at times either side of midnight in Asia/Shanghai (UTC+8), where the day is counted.
 */
export const ROLLUP_UID = '1.2.826.0.1.3680043.39';
export const ROLLUP_HOSPITAL = { code: 'HROLL', sn: 'RL-01', name: 'Roll-up hospital' };
export const ROLLUP_DAYS = ['2026-05-30', '2026-05-31', '2026-06-01', '2026-06-02', '2026-06-30', '2026-07-01'];
// 15:59:59Z is 23:59:59 in Shanghai, 16:00Z the next day's midnight
const HOURS = ['T00:10:00Z', 'T15:59:59Z', 'T16:00:00Z', 'T23:50:00Z', 'T08:00:00Z'];

/** mulberry32: the same data on every run. */
export function seeded(seed: number) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!;
  return { next, pick };
}

type Random = ReturnType<typeof seeded>;

const when = (r: Random) => new Date(r.pick(ROLLUP_DAYS) + r.pick(HOURS));
const maybe = (r: Random) => (r.next() < 0.85 ? when(r) : null);

function randomStudy(r: Random, i: number) {
  return {
    study_iuid: `${ROLLUP_UID}.${i}`,
    hospital_code: r.pick(['H001', ROLLUP_HOSPITAL.code]),
    patient_id: `RP${Math.floor(r.next() * 25)}`,
    patient_age: r.pick(['045Y', '003M', '081Y', '12D', 'unknown', '']),
    patient_sex: r.pick(['M', 'F', 'O', '']),
    patient_phone: r.pick(['13800138000', ' ', '']),
    sq_doctor: r.pick(['Dr Wang', 'Dr Li', '']),
    modality: r.pick(['CT', 'CT', 'ct', 'DR', 'DX', 'MR', 'US', 'MG', '']),
    study_desc: r.pick(['Head', 'Chest', 'Knee', '']),
    patient_type: r.pick([null, 1, 2, 3, 4, 5]),
    parts_count: 1 + Math.floor(r.next() * 3),
    file_count: Math.floor(r.next() * 100),
    file_size: Math.floor(r.next() * 2e9),
    study_datetime: when(r),
    create_time: when(r),
    is_del: r.next() < 0.1 ? 1 : 0,
  };
}

function randomReport(r: Random, studyPk: number, position: number) {
  const status = r.pick([0, 0, 1, 2, 2]);
  return {
    study_pk: studyPk,
    rpt_position: position,
    rpt_status: status,
    rpt_good_status: r.pick([null, 0, 1, 2]),
    is_critical: r.next() < 0.2 ? 1 : 0,
    report_doctor: status ? r.pick(['Alice', 'Bob', '']) : '',
    report_datetime: status ? maybe(r) : null,
    sh_doctor: status === 2 ? r.pick(['Carol', 'Bob', '']) : '',
    sh_datetime: status === 2 ? maybe(r) : null,
  };
}

/** `n` studies, each with a first report (some with a second), written straight to the tables. */
export async function insertRandomStudies(db: Db, r: Random, n: number) {
  for (let i = 0; i < n; i++) {
    const [s] = await db.insert(study).values(randomStudy(r, i)).returning({ pk: study.pk });
    await db.insert(report).values(randomReport(r, s!.pk, 1));
    if (r.next() < 0.15) await db.insert(report).values(randomReport(r, s!.pk, 2));
  }
}

/** The test's live H001 studies whose first report is not written yet: the report screen's to-do. */
export async function unwritten(db: Db): Promise<string[]> {
  const rows = await db
    .select({ iuid: study.study_iuid })
    .from(study)
    .innerJoin(report, and(eq(report.study_pk, study.pk), eq(report.rpt_position, 1)))
    .where(
      and(
        like(study.study_iuid, `${ROLLUP_UID}.%`),
        eq(study.hospital_code, 'H001'),
        eq(study.is_del, 0),
        eq(report.rpt_status, 0),
      ),
    )
    .orderBy(study.pk);
  return rows.map((x) => x.iuid);
}

/** The test's live studies with no audited report (those the recycle bin takes). */
export async function deletable(db: Db): Promise<string[]> {
  const audited = db.select({ pk: report.study_pk }).from(report).where(eq(report.rpt_status, 2));
  const rows = await db
    .select({ iuid: study.study_iuid })
    .from(study)
    .where(and(like(study.study_iuid, `${ROLLUP_UID}.%`), eq(study.is_del, 0), sql`${study.pk} not in (${audited})`))
    .orderBy(study.pk);
  return rows.map((x) => x.iuid);
}

/** Writes no screen makes but other paths do: a registration edit, a bulk update, a study deleted outright. */
export async function otherWrites(db: Db, r: Random) {
  const mine = await db
    .select({ pk: study.pk })
    .from(study)
    .where(and(like(study.study_iuid, `${ROLLUP_UID}.%`), eq(study.is_del, 0)))
    .orderBy(study.pk);
  const [a, b, c, d] = [r.pick(mine), r.pick(mine), r.pick(mine), r.pick(mine)];
  await db
    .update(study)
    .set({ modality: 'MR', hospital_code: ROLLUP_HOSPITAL.code, study_desc: 'Spine', parts_count: 5 })
    .where(eq(study.pk, a!.pk));
  await db
    .update(study)
    .set({ patient_type: 3, study_datetime: new Date('2026-06-01T16:30:00Z') })
    .where(inArray(study.pk, [b!.pk, c!.pk]));
  await db.update(report).set({ rpt_good_status: 2, is_critical: 1 }).where(eq(report.study_pk, c!.pk));
  // The facts only the series group by (stat_attr_day), each changed alone: age, sex, phone, requesting doctor.
  for (const set of [
    { patient_age: '090Y' },
    { patient_sex: 'O' },
    { patient_phone: '13900139000' },
    { sq_doctor: 'Dr Zhao' },
  ])
    await db.update(study).set(set).where(eq(study.pk, b!.pk));
  await db.delete(study).where(eq(study.pk, d!.pk));
}
