import { and, count, desc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { IMAGE_EDIT_CANDIDATES_MAX, type ImageEditCandidate, type ImageEditChoice } from '@shared/schemas/image-edit';
import type { AuthUser } from '../../platform/core/auth-user';
import type { Db } from '../../platform/db/client';
import { report, study } from '../../platform/db/schema';
import { notFound } from '../../platform/core/errors';
import { fmt } from '../../platform/core/time';
import { likeText } from '../../platform/list/query';
import { addressable } from '../recycle';

/**
 * The live studies of the source's hospital that its images may go to, in the caller's modalities: with a
 * keyword, those whose patient ID, name or accession holds it; without, the same patient ID's. The same
 * patient's come first, then the newest.
 */
export async function candidates(
  db: Db,
  me: AuthUser,
  o: { study_iuid: string; keyword?: string },
): Promise<ImageEditChoice> {
  const [from] = await db.select().from(study).where(eq(study.study_iuid, o.study_iuid));
  if (!from || from.is_del || !addressable(me, from)) throw notFound();
  const kw = o.keyword?.trim();
  const samePatient = from.patient_id ? eq(study.patient_id, from.patient_id) : sql`false`;
  const rows = await select(db, samePatient)
    .where(
      and(
        eq(study.hospital_code, from.hospital_code),
        eq(study.is_del, 0),
        ne(study.pk, from.pk),
        me.modalities.length ? inArray(study.modality, me.modalities) : undefined,
        kw
          ? or(
              ilike(study.patient_id, likeText(kw)),
              ilike(study.patient_name, likeText(kw)),
              ilike(study.accession_no, likeText(kw)),
            )
          : samePatient,
      ),
    )
    .orderBy(desc(sql`coalesce(${samePatient}, false)`), desc(study.study_datetime), desc(study.pk))
    .limit(IMAGE_EDIT_CANDIDATES_MAX);
  const shown = (r: (typeof rows)[number]): ImageEditCandidate => ({ ...r, study_datetime: fmt(r.study_datetime) });
  const [source] = await select(db, samePatient).where(eq(study.pk, from.pk));
  const [counted] = await db
    .select({ n: count() })
    .from(study)
    .where(and(eq(study.hospital_code, from.hospital_code), samePatient));
  return { source: shown(source!), patient_studies: counted?.n ?? 0, list: rows.map(shown) };
}

/** A study as the picker shows it, with its first report's status. */
const select = (db: Db, samePatient: SQL) =>
  db
    .select({
      study_iuid: study.study_iuid,
      patient_id: study.patient_id,
      patient_name: study.patient_name,
      patient_sex: study.patient_sex,
      accession_no: study.accession_no,
      modality: study.modality,
      study_desc: study.study_desc,
      study_datetime: study.study_datetime,
      file_count: study.file_count,
      rpt_status: report.rpt_status,
      same_patient: sql<boolean>`coalesce(${samePatient}, false)`,
    })
    .from(study)
    .leftJoin(report, and(eq(report.study_pk, study.pk), eq(report.rpt_position, 1)))
    .$dynamic();
