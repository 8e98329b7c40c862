import { and, eq, sql } from 'drizzle-orm';
import { IMAGE_STUDY_FILTERS, type ImageStudyRow, type ImageStudySort } from '@shared/schemas/images';
import { hospital, instance, study } from '../../platform/db/schema';
import { defineList } from '../../platform/list/define';
import { fmt } from '../../platform/core/time';
import { allowedModalities, hospitalScope } from '../../platform/hospital-scope';
import { studyOnlyWhere } from '../order';

const storedCount = (deleted?: 0 | 1) =>
  sql<number>`(select count(*)::int from ${instance} where ${instance.study_pk} = ${study.pk}${
    deleted === undefined ? sql`` : sql` and ${instance.del_image} = ${deleted}`
  })`;
const imageCount = storedCount();
const deletedCount = storedCount(1);
const hasImages = sql`exists (select 1 from ${instance} where ${instance.study_pk} = ${study.pk})`;
const hasDeleted = sql`exists (select 1 from ${instance} where ${instance.study_pk} = ${study.pk} and ${instance.del_image} = 1)`;

/**
 * Image management: the studies of the caller's scope (hospital, and modalities when data2 limits them)
 * that hold stored images, with their live count and size and the deleted ones.
 */
export const imageStudiesList = defineList<ImageStudyRow, typeof IMAGE_STUDY_FILTERS, ImageStudySort>({
  name: 'imageStudies',
  sorts: {
    study_datetime: study.study_datetime,
    create_time: study.create_time,
    patient_name: study.patient_name,
    file_count: study.file_count,
    file_size: study.file_size,
    deleted_count: deletedCount,
  },
  defaultSort: { column: 'study_datetime', order: 'desc' },
  tiebreak: study.pk,
  filters: IMAGE_STUDY_FILTERS,
  where: async (f, { db, user }) =>
    and(
      studyOnlyWhere({
        hospital: await hospitalScope(db, user, f.sn || undefined),
        modalities: allowedModalities(user),
        patientId: f.patient_id,
        patientName: f.patient_name,
        accessionNo: f.accession_no,
        startDate: f.startDate,
        endDate: f.endDate,
      }),
      hasImages,
      f.has_deleted === '1' ? hasDeleted : f.has_deleted === '0' ? sql`not ${hasDeleted}` : undefined,
    ),
  rows: async ({ db }, q) => {
    const rows = await db
      .select({
        s: {
          pk: study.pk,
          study_iuid: study.study_iuid,
          hospital_code: study.hospital_code,
          patient_id: study.patient_id,
          patient_name: study.patient_name,
          patient_sex: study.patient_sex,
          accession_no: study.accession_no,
          modality: study.modality,
          study_desc: study.study_desc,
          study_datetime: study.study_datetime,
          file_count: study.file_count,
          file_size: study.file_size,
        },
        hospital_name: hospital.name,
        image_count: imageCount,
        deleted_count: deletedCount,
      })
      .from(study)
      .leftJoin(hospital, eq(hospital.code, study.hospital_code))
      .where(q.where)
      .orderBy(...q.orderBy)
      .limit(q.limit)
      .offset(q.offset);
    return rows.map(({ s, hospital_name, image_count, deleted_count }) => ({
      ...s,
      hospital_name: hospital_name ?? '',
      study_datetime: fmt(s.study_datetime),
      file_size: Number(s.file_size),
      image_count: Number(image_count),
      deleted_count: Number(deleted_count),
    }));
  },
  count: async ({ db }, where) => {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(study)
      .where(where);
    return Number(row?.n ?? 0);
  },
});
