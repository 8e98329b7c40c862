import dayjs from 'dayjs';
import { and, eq, gte, ilike, inArray, lt, sql } from 'drizzle-orm';
import { RECYCLE_FILTERS, type RecycleRow, type RecycleSort } from '@shared/schemas/recycle';
import { hospital, report, study } from '../../platform/db/schema';
import { defineList } from '../../platform/list/define';
import { likeText } from '../../platform/list/query';
import { fmt } from '../../platform/core/time';
import { allowedModalities, hospitalScope, inScope } from '../../platform/hospital-scope';
import { inBinSql } from './scope';

/**
 * The recycle bin (POST /api/order/queryDelList): studies deleted to it in the caller's scope (hospital; modalities
 * when data2 limits them), newest deletion first; the date filters are those of the deletion. Each row says when
 * the purge takes it (keepDays, RECYCLE_KEEP_DAYS; 0: never).
 */
export const recycleList = (keepDays: number) =>
  defineList<RecycleRow, typeof RECYCLE_FILTERS, RecycleSort>({
    name: 'recycleBin',
    sorts: { deleted_at: study.deleted_at, study_datetime: study.study_datetime, patient_name: study.patient_name },
    defaultSort: { column: 'deleted_at', order: 'desc' },
    tiebreak: study.pk,
    filters: RECYCLE_FILTERS,
    where: async (f, { db, user }) => {
      const modalities = allowedModalities(user, f.modality ? [f.modality] : undefined);
      return and(
        inBinSql,
        inScope(await hospitalScope(db, user, f.sn || undefined), study.hospital_code),
        modalities ? (modalities.length ? inArray(study.modality, modalities) : sql`false`) : undefined,
        f.patient_id ? eq(study.patient_id, f.patient_id) : undefined,
        f.patient_name ? ilike(study.patient_name, likeText(f.patient_name)) : undefined,
        f.accession_no ? eq(study.accession_no, f.accession_no) : undefined,
        f.startDate ? gte(study.deleted_at, dayjs(f.startDate).startOf('day').toDate()) : undefined,
        f.endDate ? lt(study.deleted_at, dayjs(f.endDate).add(1, 'day').startOf('day').toDate()) : undefined,
      );
    },
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
            deleted_at: study.deleted_at,
            deleted_by: study.deleted_by,
            delete_reason: study.delete_reason,
          },
          hospital_name: hospital.name,
          rpt_status: report.rpt_status,
        })
        .from(study)
        .leftJoin(hospital, eq(hospital.code, study.hospital_code))
        .leftJoin(report, and(eq(report.study_pk, study.pk), eq(report.rpt_position, 1)))
        .where(q.where)
        .orderBy(...q.orderBy)
        .limit(q.limit)
        .offset(q.offset);
      return rows.map(({ s, hospital_name, rpt_status }) => ({
        ...s,
        hospital_name: hospital_name ?? '',
        rpt_status,
        study_datetime: fmt(s.study_datetime),
        deleted_at: fmt(s.deleted_at),
        purge_at: keepDays > 0 && s.deleted_at ? fmt(dayjs(s.deleted_at).add(keepDays, 'day').toDate()) : '',
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
