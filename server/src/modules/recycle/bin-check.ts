import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { study } from '../../platform/db/schema';
import { inBinSql } from './scope';

/**
 * Whether a study UID of the hospital is in the recycle bin, for the C-STORE receiver: an instance of such a
 * study is refused (it would otherwise join a study nobody sees, or bring it back unasked). Remembered per
 * association, like the archive's other rules.
 */
export function createBinCheck(db: DbOrTx, hospitalCode: string) {
  const known = new Map<string, boolean>();
  return async (studyIuid: string): Promise<boolean> => {
    let binned = known.get(studyIuid);
    if (binned === undefined) {
      const [row] = await db
        .select({ pk: study.pk })
        .from(study)
        .where(and(eq(study.study_iuid, studyIuid), eq(study.hospital_code, hospitalCode), inBinSql))
        .limit(1);
      binned = !!row;
      known.set(studyIuid, binned);
    }
    return binned;
  };
}
