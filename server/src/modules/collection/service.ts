import { and, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Page } from '@shared/schemas/common';
import type { CollectionListRequestSchema, StudyRow } from '@shared/schemas/order';
import type { AuthUser } from '../../context';
import type { Db } from '../../db/client';
import { collection, report, study } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { allowedModalities, assertHospital, hospitalScope } from '../hospital/scope';
import { findStudy, pageResult } from '../order/service';
import { studySelect, studyWhere, toStudyRow } from '../order/query';

export async function listCollection(
  db: Db,
  me: AuthUser,
  q: z.output<typeof CollectionListRequestSchema>,
): Promise<Page<StudyRow>> {
  const where = and(
    studyWhere({
      hospital: await hospitalScope(db, me, q.sn),
      modalities: allowedModalities(me, q.modalitys),
      patientName: q.patient_name,
      startDate: q.startDate,
      endDate: q.endDate,
      studyDesc: q.study_desc,
      reportContent: q.report_content,
    }),
    eq(collection.user_pk, me.pk),
  );
  const base = studySelect(db, me.pk).innerJoin(collection, eq(collection.study_pk, study.pk)).where(where);
  const [rows, total] = await Promise.all([
    base
      .orderBy(desc(collection.create_time))
      .limit(q.pageSize)
      .offset((q.pageNumber - 1) * q.pageSize),
    db
      .$count(
        db
          .select({ pk: study.pk })
          .from(study)
          .innerJoin(report, and(eq(report.study_pk, study.pk), eq(report.rpt_position, 1)))
          .innerJoin(collection, eq(collection.study_pk, study.pk))
          .where(where)
          .as('c'),
      )
      .then(Number),
  ]);
  return pageResult(rows.map(toStudyRow), total, q.pageNumber, q.pageSize);
}

async function studyInScope(db: Db, me: AuthUser, studyIuid: string) {
  const s = await findStudy(db, studyIuid);
  if (!s || s.is_del) throw notFound();
  assertHospital(me, s.hospital_code);
  return s;
}

export async function addToCollection(db: Db, me: AuthUser, studyIuid: string): Promise<void> {
  const s = await studyInScope(db, me, studyIuid);
  await db.insert(collection).values({ user_pk: me.pk, study_pk: s.pk }).onConflictDoNothing();
}

export async function removeFromCollection(db: Db, me: AuthUser, studyIuid: string): Promise<void> {
  const s = await studyInScope(db, me, studyIuid);
  await db.delete(collection).where(and(eq(collection.user_pk, me.pk), eq(collection.study_pk, s.pk)));
}
