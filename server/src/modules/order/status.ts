import { eq } from 'drizzle-orm';
import type { OrderStatusAnswer, OrderStatusFlag } from '@shared/schemas/order-calls';
import type { Caller } from '../../platform/http/caller';
import type { Db } from '../../platform/db/client';
import { study } from '../../platform/db/schema';
import { auditChange } from '../../platform/audit';
import { assertVisible } from './visible';

const flags = {
  pk: study.pk,
  study_iuid: study.study_iuid,
  picture_state: study.picture_state,
  efilm_state: study.efilm_state,
};

/**
 * setOrderStatus (value 1) / delOrderStatus (value 0): one film flag of a study the caller may address.
 * Setting a flag already set changes nothing and writes no audit row; a change is audited with before and after.
 */
export async function setOrderFlag(
  db: Db,
  who: Caller,
  studyIuid: string,
  flag: OrderStatusFlag,
  value: 0 | 1,
): Promise<OrderStatusAnswer> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ ...flags, hospital_code: study.hospital_code, modality: study.modality, is_del: study.is_del })
      .from(study)
      .where(eq(study.study_iuid, studyIuid))
      .for('update');
    const current = assertVisible(who.me, row);
    const before = {
      study_iuid: current.study_iuid,
      picture_state: current.picture_state,
      efilm_state: current.efilm_state,
    };
    if (current[flag] === value) return before;
    const [after] = await tx
      .update(study)
      .set({ [flag]: value })
      .where(eq(study.pk, current.pk))
      .returning({ study_iuid: study.study_iuid, picture_state: study.picture_state, efilm_state: study.efilm_state });
    await auditChange(tx, who.me, { action: 'patient.edit', target: `study:${current.pk}`, before, after, ip: who.ip });
    return after!;
  });
}
