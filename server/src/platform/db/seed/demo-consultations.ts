import type { Db } from '../client';
import { consultation } from '../schema';

/** [hospital, disciplines, subject]: a few consultations so the per-hospital table 2 is not empty in the demo. */
const DEMO_CONSULTATIONS: [string, number, string][] = [
  ['H001', 1, '肺结节随访'],
  ['H001', 2, '肝占位性病变'],
  ['H001', 3, '多发伤术前评估'],
  ['H001', 1, '脑梗死复查'],
  ['H002', 2, '乳腺肿块'],
  ['H002', 4, '胰腺肿瘤多学科讨论'],
];

/** Spread over the current month up to now. */
export async function seedConsultations(db: Db, now: Date): Promise<void> {
  const monthStart = new Date(now.getFullYear(), now.getMonth(), 1).getTime();
  const step = (now.getTime() - monthStart) / (DEMO_CONSULTATIONS.length + 1);
  await db.insert(consultation).values(
    DEMO_CONSULTATIONS.map(([hospital_code, disciplines, subject], i) => ({
      hospital_code,
      disciplines,
      subject,
      consult_time: new Date(monthStart + step * (i + 1)),
    })),
  );
}
