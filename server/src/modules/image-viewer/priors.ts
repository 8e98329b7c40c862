import { and, count, desc, eq, inArray, ne, type SQL } from 'drizzle-orm';
import type { PriorStudy } from '@shared/schemas/image-viewer';
import type { AuthUser } from '../../platform/core/auth-user';
import type { Db } from '../../platform/db/client';
import { instance, study } from '../../platform/db/schema';
import { allowedModalities } from '../../platform/hospital-scope';
import { visibleStudy } from '../images';

/** How many earlier studies the viewer lists (a patient's last years, newest first). */
export const PRIORS_LIMIT = 20;

/**
 * The patient's other studies the caller may see, with live images, newest first: the same patient ID in
 * the same hospital (IDs are the hospital's own), within the caller's modalities; none without an ID.
 */
export async function priorStudies(db: Db, user: AuthUser, studyIuid: string): Promise<PriorStudy[]> {
  const current = await visibleStudy(db, user, studyIuid);
  const [me] = await db.select({ patient_id: study.patient_id }).from(study).where(eq(study.pk, current.pk));
  if (!me?.patient_id) return [];
  const modalities = allowedModalities(user);
  const conds: SQL[] = [
    eq(study.hospital_code, current.hospital_code),
    eq(study.patient_id, me.patient_id),
    eq(study.is_del, 0),
    ne(study.pk, current.pk),
    eq(instance.del_image, 0),
  ];
  if (modalities) conds.push(inArray(study.modality, modalities));
  const rows = await db
    .select({
      study_iuid: study.study_iuid,
      study_datetime: study.study_datetime,
      modality: study.modality,
      study_desc: study.study_desc,
      accession_no: study.accession_no,
      images: count(instance.pk),
    })
    .from(study)
    .innerJoin(instance, eq(instance.study_pk, study.pk))
    .where(and(...conds))
    .groupBy(study.pk)
    .orderBy(desc(study.study_datetime), desc(study.pk))
    .limit(PRIORS_LIMIT);
  return rows.map((r) => ({ ...r, study_datetime: r.study_datetime.toISOString() }));
}
