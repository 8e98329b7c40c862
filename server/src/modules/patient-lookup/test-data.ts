import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';

export interface DemoExam {
  pk: number;
  study_iuid: string;
  patient_id: string;
  card_no: string;
  accession_no: string;
  /** As stored (10 hex characters); printed as two groups of five. */
  lookup_code: string;
  rpt_status: number;
}

/** Live studies of a hospital with their position-1 report's status (for the API tests). */
export async function examsOfHospital(db: Db, code: string): Promise<DemoExam[]> {
  const r = (await db.execute(sql`
    select s.pk, s.study_iuid, s.patient_id, s.card_no, s.accession_no, s.lookup_code,
      coalesce(r.rpt_status, 0) as rpt_status
    from study s left join report r on r.study_pk = s.pk and r.rpt_position = 1
    where s.hospital_code = ${code} and s.is_del = 0 order by s.pk`)) as { rows: Record<string, unknown>[] };
  return r.rows.map((x) => ({
    pk: Number(x.pk),
    study_iuid: String(x.study_iuid),
    patient_id: String(x.patient_id),
    card_no: String(x.card_no),
    accession_no: String(x.accession_no),
    lookup_code: String(x.lookup_code),
    rpt_status: Number(x.rpt_status),
  }));
}

/** A patient with at least one audited and one unaudited exam, and their exams. */
export function mixedPatient(exams: DemoExam[]) {
  const byPatient = new Map<string, DemoExam[]>();
  for (const e of exams) byPatient.set(e.patient_id, [...(byPatient.get(e.patient_id) ?? []), e]);
  for (const [id, list] of byPatient) {
    if (list.some((e) => e.rpt_status === 2) && list.some((e) => e.rpt_status !== 2)) return { id, list };
  }
  throw new Error('no demo patient with both audited and unaudited exams');
}
