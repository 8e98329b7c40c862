import { and, desc, eq, ne, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Page } from '@shared/schemas/common';
import {
  HISTORY_KEYS,
  type HistoryRequestSchema,
  type NextStudyRequestSchema,
  type OrderListRequestSchema,
  type StudyRow,
} from '@shared/schemas/order';
import type { AuthUser } from '../../platform/core/auth-user';
import type { Db } from '../../platform/db/client';
import { study } from '../../platform/db/schema';
import { notFound } from '../../platform/core/errors';
import { allowedModalities, assertHospital, hospitalScope } from '../../platform/hospital-scope';
import { worklistStatements } from './list-statements';
import { pageQuery } from './page';
import {
  countStudies,
  reportWhere,
  studyOnlyWhere,
  studySelect,
  studyWhere,
  toStudyRow,
  type StudyFilter,
} from './query';

export function pageResult<T>(list: T[], total: number, pageNumber: number, pageSize: number): Page<T> {
  return { list, totalRow: total, totalPage: Math.ceil(total / pageSize), pageNumber, pageSize };
}

/** The worklist's filters as a study condition; the list and its export share it. */
export async function orderFilter(
  db: Db,
  me: AuthUser,
  q: Omit<z.output<typeof OrderListRequestSchema>, 'pageNumber' | 'pageSize'>,
): Promise<StudyFilter> {
  return {
    hospital: await hospitalScope(db, me, q.sn),
    modalities: allowedModalities(me, q.modalitys),
    rptStatus: q.rpt_status,
    critical: q.is_critical === '1',
    urgent: q.priority === '1',
    patientName: q.patient_name,
    patientId: q.patient_id,
    accessionNo: q.accession_no,
    startDate: q.startDate,
    endDate: q.endDate,
  };
}

export async function listOrders(
  db: Db,
  me: AuthUser,
  q: z.output<typeof OrderListRequestSchema>,
): Promise<Page<StudyRow>> {
  const filter = await orderFilter(db, me, q);
  const window = { limit: q.pageSize, offset: (q.pageNumber - 1) * q.pageSize };
  const prepared = worklistStatements(db, filter, q.sort);
  const [rows, total] = await Promise.all(
    prepared
      ? [prepared.page(me.pk, window), prepared.count()]
      : [
          pageQuery(db, me.pk, { study: studyOnlyWhere(filter), report: reportWhere(filter) }, q.sort, window),
          countStudies(db, studyWhere(filter), !!q.rpt_status?.length),
        ],
  );
  return pageResult(rows.map(toStudyRow), total, q.pageNumber, q.pageSize);
}

/** Rows looked at for the next study (the first few are usually it; a page of others' locks is rare). */
const NEXT_WINDOW = 50;

/** The next unwritten study under the filters, urgent first then the longest waiting; null when none is left. */
export async function nextStudy(
  db: Db,
  me: AuthUser,
  q: z.output<typeof NextStudyRequestSchema>,
): Promise<StudyRow | null> {
  const { after, ...filters } = q;
  const page = await listOrders(db, me, {
    ...filters,
    rpt_status: [0],
    sort: 'priority desc',
    pageNumber: 1,
    pageSize: NEXT_WINDOW,
  });
  // Another user writing it (a live lock not the caller's) is theirs to finish.
  return page.list.find((r) => r.study_iuid !== after && (!r.lock_status || r.lock_status === me.name)) ?? null;
}

export async function findStudy(db: Db, studyIuid: string) {
  const [row] = await db.select().from(study).where(eq(study.study_iuid, studyIuid)).limit(1);
  return row ?? null;
}

const HISTORY_LIMIT = 200;

/** Other studies of the same patient (by one key), within the study's hospital. Empty value: empty list. */
export async function history(db: Db, me: AuthUser, q: z.output<typeof HistoryRequestSchema>): Promise<StudyRow[]> {
  const current = await findStudy(db, q.study_iuid);
  if (!current || current.is_del) throw notFound();
  assertHospital(me, current.hospital_code);
  if (q.hospital_code) assertHospital(me, q.hospital_code);
  const key = HISTORY_KEYS.find((k) => q[k] !== undefined);
  const value = key ? q[key] : '';
  if (!key || !value) return [];
  const conds: SQL[] = [
    eq(study.hospital_code, current.hospital_code),
    eq(study.is_del, 0),
    ne(study.pk, current.pk),
    eq(study[key], value),
  ];
  const modalities = allowedModalities(me);
  const where = studyWhere({ hospital: { all: false, code: current.hospital_code }, modalities });
  const rows = await studySelect(db, me.pk)
    .where(and(where, ...conds))
    .orderBy(desc(study.study_datetime))
    .limit(HISTORY_LIMIT);
  return rows.map(toStudyRow);
}
