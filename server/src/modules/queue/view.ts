import { eq } from 'drizzle-orm';
import type { Registration, QueueState } from '@shared/schemas/queue';
import type { DbOrTx } from '../../platform/db/client';
import { registration, study } from '../../platform/db/schema';
import { notFound } from '../../platform/core/errors';
import { fmt } from '../../platform/core/time';

export type RegistrationRecord = typeof registration.$inferSelect;

const time = (d: Date | null) => (d ? fmt(d) : null);

/** A registration as the desk receives it. */
export function toRegistration(
  r: RegistrationRecord,
  s: { study_iuid: string; accession_no: string } | null,
): Registration {
  return {
    pk: r.pk,
    hospital_code: r.hospital_code,
    study_pk: r.study_pk,
    study_iuid: s?.study_iuid ?? '',
    accession_no: s?.accession_no ?? '',
    pat_id: r.pat_id,
    pat_name: r.pat_name,
    patient_sex: r.patient_sex,
    patient_age: r.patient_age,
    modality: r.modality,
    call_room: r.call_room,
    call_no: r.call_no,
    call_prefix: r.call_prefix,
    state: r.state as QueueState,
    doctor: r.doctor,
    sq_doctor: r.sq_doctor,
    top: r.top_time ? 1 : 0,
    call_count: r.call_count,
    is_del: r.is_del,
    queue_day: r.queue_day,
    register_time: fmt(r.register_time),
    number_time: time(r.number_time),
    call_time: time(r.call_time),
    pass_time: time(r.pass_time),
    check_time: time(r.check_time),
    complete_time: time(r.complete_time),
    abandon_time: time(r.abandon_time),
    create_user: r.create_user,
  };
}

export const studyRef = { study_iuid: study.study_iuid, accession_no: study.accession_no };

export async function registrationView(db: DbOrTx, pk: number): Promise<Registration> {
  const [row] = await db
    .select({ r: registration, s: studyRef })
    .from(registration)
    .leftJoin(study, eq(study.pk, registration.study_pk))
    .where(eq(registration.pk, pk));
  if (!row) throw notFound();
  return toRegistration(row.r, row.s);
}
