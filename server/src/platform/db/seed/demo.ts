import { count } from 'drizzle-orm';
import { RPT_STATUS } from '@shared/constants';
import type { Db } from '../client';
import { hospital, report, role, study, sysUser } from '../schema';
import { hashPassword } from '../../core/crypto';
import { DEPARTMENTS, GIVEN, MODALITY_WEIGHTS, STUDY_TYPES, SURNAMES, rng } from './demo-data';
import { seedKnowledge } from './demo-knowledge';
import { seedOrg } from './demo-org';
import { seedScanItems } from './demo-scan-items';
import { seedConsultations } from './demo-consultations';

export const DEMO_USERS = [
  {
    username: 'doctor',
    password: 'Doctor@123',
    role: 'report_doctor',
    hospital: 'H001',
    ch_name: '张医生',
    en_name: 'Dr. Zhang',
  },
  {
    username: 'auditor',
    password: 'Audit@123',
    role: 'audit_doctor',
    hospital: 'H001',
    ch_name: '李主任',
    en_name: 'Dr. Li',
  },
  {
    username: 'register',
    password: 'Register@123',
    role: 'register',
    hospital: 'H001',
    ch_name: '王登记',
    en_name: 'Wang (registration)',
  },
  {
    username: 'doctor2',
    password: 'Doctor@123',
    role: 'report_doctor',
    hospital: 'H002',
    ch_name: '赵医生',
    en_name: 'Dr. Zhao',
  },
  {
    username: 'hadmin',
    password: 'Hadmin@123',
    role: 'hospital_admin',
    hospital: 'H001',
    ch_name: '陈管理员',
    en_name: 'Chen (administrator)',
  },
  {
    username: 'nomenu',
    password: 'Nomenu@123',
    role: 'no_menu',
    hospital: 'H001',
    ch_name: '无权限用户',
    en_name: 'No menu',
  },
] as const;

export const DEMO_HOSPITALS = [
  { sn: 'H001', code: 'H001', name: '第一人民医院', title1: '第一人民医院', title2: '医学影像诊断报告' },
  { sn: 'H002', code: 'H002', name: '第二人民医院', title1: '第二人民医院', title2: '医学影像诊断报告' },
];

export const DEMO_STUDY_COUNT = 360;

/** Is the database still empty of hospital data (first start)? */
export async function isEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(hospital);
  return Number(row?.n ?? 0) === 0;
}

export async function seedDemo(db: Db, now = new Date()): Promise<void> {
  await db.insert(hospital).values(DEMO_HOSPITALS).onConflictDoNothing();
  const roles = new Map((await db.select({ pk: role.pk, code: role.code }).from(role)).map((r) => [r.code, r.pk]));
  for (const u of DEMO_USERS) {
    await db
      .insert(sysUser)
      .values({
        username: u.username,
        password_hash: await hashPassword(u.password),
        ch_name: u.ch_name,
        en_name: u.en_name,
        hospital_code: u.hospital,
        role_pk: roles.get(u.role) ?? 0,
        department: '放射科',
      })
      .onConflictDoNothing();
  }
  await seedStudies(db, now);
  await seedConsultations(db, now);
  await seedKnowledge(db);
  await seedScanItems(
    db,
    DEMO_HOSPITALS.map((h) => h.code),
  );
  await seedOrg(db);
}

async function seedStudies(db: Db, now: Date): Promise<void> {
  const r = rng(20261121);
  const patients = Array.from({ length: 160 }, (_, i) => ({
    id: `P${String(100001 + i)}`,
    name: r.pick(SURNAMES) + r.pick(GIVEN),
    sex: r.next() < 0.5 ? 'M' : 'F',
    birthYear: r.int(1940, 2020),
    card: `4401${r.int(10, 99)}${r.int(1940, 2020)}${String(r.int(1, 12)).padStart(2, '0')}${String(r.int(1, 28)).padStart(2, '0')}${r.int(1000, 9999)}`,
    phone: `1${r.pick(['3', '5', '7', '8'])}${String(r.int(0, 999999999)).padStart(9, '0')}`,
    hospital: i < 110 ? 'H001' : 'H002',
  }));
  const doctors = { H001: ['张医生', '李主任'], H002: ['赵医生', '赵医生'] } as const;
  const statuses = [0, 0, 0, 1, 1, 1, 2, 2, 2, 2, RPT_STATUS.REVIEW_CANCELLED, RPT_STATUS.VOIDED];
  for (let batch = 0; batch < DEMO_STUDY_COUNT; batch += 60) {
    const studies = [];
    const meta: {
      status: number;
      modality: string;
      texts: { findings: string; opinion: string };
      created: Date;
      doctors: readonly string[];
    }[] = [];
    for (let i = batch; i < Math.min(batch + 60, DEMO_STUDY_COUNT); i++) {
      const p = patients[i % 7 === 0 ? r.int(0, 20) : r.int(0, patients.length - 1)]!;
      const modality = r.pick(MODALITY_WEIGHTS);
      const type = r.pick(STUDY_TYPES[modality]!);
      const minutesAgo = r.int(0, 60 * 24 * 60 - 1);
      const when = new Date(now.getTime() - minutesAgo * 60_000);
      const status = i < statuses.length ? statuses[i]! : r.pick(statuses);
      studies.push({
        study_iuid: `1.2.826.0.1.3680043.8.498.${20261121}${String(i + 1).padStart(6, '0')}`,
        hospital_code: p.hospital,
        patient_id: p.id,
        patient_name: p.name,
        patient_sex: p.sex,
        patient_age: `${when.getFullYear() - p.birthYear}Y`,
        patient_type: r.pick([1, 1, 1, 2, 2, 3, 4, 5, 6]),
        accession_no: `A${String(when.getFullYear()).slice(2)}${String(i + 1).padStart(7, '0')}`,
        modality,
        study_desc: type.desc,
        study_desc_value: [{ key: type.desc, label: type.desc }],
        study_datetime: when,
        create_time: new Date(when.getTime() + 5 * 60_000),
        card_no: p.card,
        patient_phone: p.phone,
        department: r.pick(DEPARTMENTS),
        bed_no: r.next() < 0.3 ? `${r.int(1, 40)}床` : '',
        sq_doctor: r.pick(['陈医生', '刘医生', '周医生']),
        has_dicom_file: r.next() < 0.8 ? 1 : 0,
        use_qc: r.next() < 0.1 ? 1 : 0,
      });
      meta.push({
        status,
        modality,
        texts: type.findings ? { findings: type.findings, opinion: type.opinion } : { findings: '', opinion: '' },
        created: when,
        doctors: doctors[p.hospital as 'H001' | 'H002'],
      });
    }
    const inserted = await db.insert(study).values(studies).returning({ pk: study.pk });
    await db.insert(report).values(
      inserted.map((s, j) => {
        const m = meta[j]!;
        const written = m.status === 1 || m.status === 2 || m.status === 3;
        const audited = m.status === 2;
        return {
          study_pk: s.pk,
          rpt_position: 1,
          rpt_status: m.status,
          rpt_good_status: written ? (m.texts.opinion.includes('未见') ? 1 : 2) : null,
          rpt_model_id: written ? String(m.created.getTime() + 3_600_000) : '',
          report_text1: written ? m.texts.findings : '',
          report_text2: written ? m.texts.opinion : '',
          report_datetime: written ? new Date(m.created.getTime() + 3_600_000) : null,
          report_doctor: written ? m.doctors[0] : '',
          sh_doctor: audited ? m.doctors[1] : '',
          sh_datetime: audited ? new Date(m.created.getTime() + 7_200_000) : null,
          image_quality: written ? 4 : null,
          print_status: audited && j % 3 === 0 ? 1 : 0,
        };
      }),
    );
  }
}
