import dayjs from 'dayjs';
import { and, eq, gte, lt } from 'drizzle-orm';
import { COLLECTION_FILTERS, type CollectionSort } from '@shared/schemas/collection';
import type { StudyRow } from '@shared/schemas/order';
import { collection, report, study } from '../../platform/db/schema';
import { defineList } from '../../platform/list/define';
import { allowedModalities, hospitalScope } from '../../platform/hospital-scope';
import { studySelect, studyWhere, toStudyRow } from '../order';

/**
 * The caller's favourites: studies of their hospital scope they starred, newest favourite first; the date range
 * filters the day they were starred.
 */
export const collectionList = defineList<StudyRow, typeof COLLECTION_FILTERS, CollectionSort>({
  name: 'collection',
  sorts: {
    create_time: collection.create_time,
    study_datetime: study.study_datetime,
    report_datetime: report.report_datetime,
    patient_name: study.patient_name,
  },
  defaultSort: { column: 'create_time', order: 'desc' },
  tiebreak: study.pk,
  filters: COLLECTION_FILTERS,
  where: async (f, { db, user }) =>
    and(
      studyWhere({
        hospital: await hospitalScope(db, user, f.sn || undefined),
        modalities: allowedModalities(user, f.modalitys),
        patientName: f.patient_name,
        studyDesc: f.study_desc,
        reportContent: f.report_content,
      }),
      eq(collection.user_pk, user.pk),
      // The date range is when the study was starred (the list's order), not the study's date: the spec's
      // default "today" then shows what the doctor just starred, whatever day it was scanned.
      f.startDate ? gte(collection.create_time, dayjs(f.startDate).startOf('day').toDate()) : undefined,
      f.endDate ? lt(collection.create_time, dayjs(f.endDate).add(1, 'day').startOf('day').toDate()) : undefined,
    ),
  rows: async ({ db, user }, q) => {
    const rows = await studySelect(db, user.pk)
      .innerJoin(collection, eq(collection.study_pk, study.pk))
      .where(q.where)
      .orderBy(...q.orderBy)
      .limit(q.limit)
      .offset(q.offset);
    return rows.map(toStudyRow);
  },
  count: async ({ db }, where) =>
    Number(
      await db.$count(
        db
          .select({ pk: study.pk })
          .from(study)
          .innerJoin(report, and(eq(report.study_pk, study.pk), eq(report.rpt_position, 1)))
          .innerJoin(collection, eq(collection.study_pk, study.pk))
          .where(where)
          .as('c'),
      ),
    ),
});
