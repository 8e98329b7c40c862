import { and, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { OrderInstanceUid, OrderInstanceUidRequestSchema } from '@shared/schemas/order-calls';
import type { AuthUser } from '../../platform/core/auth-user';
import type { Db } from '../../platform/db/client';
import { study } from '../../platform/db/schema';
import { notFound } from '../../platform/core/errors';
import { allowedModalities, hospitalScope } from '../../platform/hospital-scope';
import { studyOnlyWhere } from './query';
import { assertVisible } from './visible';

const columns = {
  pk: study.pk,
  study_iuid: study.study_iuid,
  accession_no: study.accession_no,
  hospital_code: study.hospital_code,
  modality: study.modality,
  has_dicom_file: study.has_dicom_file,
  is_del: study.is_del,
};

/**
 * POST /api/order/getOrderInstanceUid: the study instance UID of an order, by the study's pk or by its
 * accession number (the newest live study carrying it in the caller's scope), to open the viewer or the
 * report. An order out of scope answers 404 as an unknown one; naming another hospital (sn) is 403.
 */
export async function orderInstanceUid(
  db: Db,
  me: AuthUser,
  q: z.output<typeof OrderInstanceUidRequestSchema>,
): Promise<OrderInstanceUid> {
  if (q.pk !== undefined) {
    const [row] = await db.select(columns).from(study).where(eq(study.pk, q.pk)).limit(1);
    const { is_del: _d, ...found } = assertVisible(me, row);
    return found;
  }
  const scope = await hospitalScope(db, me, q.sn);
  const [row] = await db
    .select(columns)
    .from(study)
    .where(
      and(
        studyOnlyWhere({ hospital: scope, modalities: allowedModalities(me) }),
        eq(study.accession_no, q.accession_no!),
      ),
    )
    .orderBy(desc(study.study_datetime), desc(study.pk))
    .limit(1);
  if (!row) throw notFound();
  const { is_del: _d, ...found } = row;
  return found;
}
