import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { series, study } from '../../platform/db/schema';
import type { InstanceMeta } from './parse';

/** A stored study as the rules read it, with the counts the row writer audits. */
interface StoredStudy {
  pk: number;
  hospital_code: string;
  is_del: number;
  file_count: number;
  file_size: number;
}

/** A series the rules know of: stored (its pk), or only accepted so far by the association asking (pk null). */
interface KnownSeries {
  pk: number | null;
  study_iuid: string;
}

type Place = Pick<InstanceMeta, 'study_iuid' | 'series_iuid'>;

/**
 * The archive's rules for where an instance may go, for one hospital: its study is not another hospital's
 * nor deleted, its series is not another study's. The C-STORE receiver asks them before it accepts an instance
 * (so the peer hears the refusal), the ingest as it writes the rows. What they read is remembered, so `db` is
 * one association's or one transaction's. `takeDeleted`: instances already acknowledged (indexed after the
 * C-STORE answer) join a deleted study all the same.
 */
export function createInstanceRules(db: DbOrTx, hospitalCode: string, o: { takeDeleted?: boolean } = {}) {
  const studies = new Map<string, StoredStudy | null>();
  const seriesOf = new Map<string, KnownSeries | null>();
  const rules = {
    /**
     * The hospital rule: the study stored under this UID (null when none is), refused when another hospital's;
     * and the deleted rule: a deleted study (the recycle bin, a registration deleted at the desk) is not
     * brought back, nor added to unseen, by images sent to it: restored first, it takes them.
     */
    async study(uid: string): Promise<StoredStudy | null | 'imgOtherHospital' | 'imgStudyDeleted'> {
      let row = studies.get(uid);
      if (row === undefined) {
        [row = null] = await db
          .select({
            pk: study.pk,
            hospital_code: study.hospital_code,
            is_del: study.is_del,
            file_count: study.file_count,
            file_size: study.file_size,
          })
          .from(study)
          .where(eq(study.study_iuid, uid));
        studies.set(uid, row);
      }
      if (!row) return null;
      if (row.hospital_code !== hospitalCode) return 'imgOtherHospital';
      return row.is_del && !o.takeDeleted ? 'imgStudyDeleted' : row;
    },

    /**
     * The series rule: the series known under this UID (null when none is), refused when another study's.
     * `store` writes the series when it is not known yet; the rule then reads what was stored, which may be
     * another writer's row that won the race.
     */
    async series(at: Place, store?: () => Promise<unknown>): Promise<KnownSeries | null | 'imgOtherStudy'> {
      let known = seriesOf.get(at.series_iuid);
      if (known === undefined) {
        if (store) await store();
        [known = null] = await db
          .select({ pk: series.pk, study_iuid: study.study_iuid })
          .from(series)
          .innerJoin(study, eq(study.pk, series.study_pk))
          .where(eq(series.series_iuid, at.series_iuid));
        seriesOf.set(at.series_iuid, known);
      }
      if (!known) return null;
      return known.study_iuid === at.study_iuid ? known : 'imgOtherStudy';
    },

    /**
     * Why the archive would refuse an instance here, or null when it may be accepted; the new series of one
     * accepted holds later instances to its study.
     */
    async refusal(at: Place): Promise<'imgOtherHospital' | 'imgStudyDeleted' | 'imgOtherStudy' | null> {
      const stored = await rules.study(at.study_iuid);
      if (stored === 'imgOtherHospital' || stored === 'imgStudyDeleted') return stored;
      const known = await rules.series(at);
      if (known === 'imgOtherStudy') return known;
      if (!known) seriesOf.set(at.series_iuid, { pk: null, study_iuid: at.study_iuid });
      return null;
    },
  };
  return rules;
}

export type InstanceRules = ReturnType<typeof createInstanceRules>;
