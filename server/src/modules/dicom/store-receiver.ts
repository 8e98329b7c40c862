import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../platform/context';
import { series, study } from '../../platform/db/schema';
import { INSTANCE_MAX_BYTES, INSTANCE_MAX_MIB, BadDicom, parseInstance } from '../images';
import { translate, type MessageKey, type Params } from '../../platform/core/i18n';
import type { ReceivedQueue, ReceivedTag } from './received-queue';
import type { StagedInstance } from './staged-instance';
import { DIMSE_STATUS } from './status';

export interface StoreResult {
  status: number;
  /** For the response's ErrorComment (LO, at most 64 characters). */
  comment?: string;
}

const refused = (status: number, key: MessageKey, params?: Params): StoreResult => ({
  status,
  comment: translate('en-US', key, params).slice(0, 64),
});

/**
 * The instances of one association, for the device's hospital. Each is checked the way the archive's ingest
 * would refuse it (readable, its study not another hospital's, its series not another study's), then made
 * durable in the received queue; then, and only then, it is acknowledged. The indexer writes the rows.
 */
export function createStoreReceiver(deps: AppDeps, queue: ReceivedQueue, tag: ReceivedTag) {
  /** Study UID → whether it may be stored here (unknown yet, or this hospital's). */
  const studies = new Map<string, boolean>();
  /** Series UID → the study UID it belongs to ('' when the series is new). */
  const seriesStudy = new Map<string, string>();

  const studyAllowed = async (uid: string) => {
    let ok = studies.get(uid);
    if (ok === undefined) {
      const [row] = await deps.db
        .select({ hospital: study.hospital_code })
        .from(study)
        .where(eq(study.study_iuid, uid));
      ok = !row || row.hospital === tag.hospitalCode;
      studies.set(uid, ok);
    }
    return ok;
  };
  const studyOfSeries = async (uid: string) => {
    let of = seriesStudy.get(uid);
    if (of === undefined) {
      const [row] = await deps.db
        .select({ study: study.study_iuid })
        .from(series)
        .innerJoin(study, eq(study.pk, series.study_pk))
        .where(eq(series.series_iuid, uid));
      of = row?.study ?? '';
      seriesStudy.set(uid, of);
    }
    return of;
  };

  /** Why the archive's ingest would refuse this instance, or null when it would take it. */
  const refusal = async (bytes: Buffer): Promise<StoreResult | null> => {
    if (bytes.length > INSTANCE_MAX_BYTES)
      return refused(DIMSE_STATUS.cannotUnderstand, 'imgTooLarge', { mib: INSTANCE_MAX_MIB });
    let meta;
    try {
      meta = parseInstance(bytes);
    } catch (err) {
      if (!(err instanceof BadDicom)) throw err;
      return refused(DIMSE_STATUS.cannotUnderstand, err.key, err.params);
    }
    if (!(await studyAllowed(meta.study_iuid))) return refused(DIMSE_STATUS.notAuthorized, 'imgOtherHospital');
    const of = await studyOfSeries(meta.series_iuid);
    if (of && of !== meta.study_iuid) return refused(DIMSE_STATUS.notAuthorized, 'imgOtherStudy');
    if (!of) seriesStudy.set(meta.series_iuid, meta.study_iuid);
    return null;
  };

  return {
    async store(staged: StagedInstance): Promise<StoreResult> {
      const bytes = await staged.inMemory();
      if (!bytes) {
        const no = await refusal(await staged.bytes());
        if (no) return no;
        await queue.enqueue(await staged.staged(), tag);
        return { status: DIMSE_STATUS.success };
      }
      // The write and its fsyncs run in the background while the instance is checked here.
      const pending = queue.write(bytes, tag);
      try {
        const no = await refusal(bytes);
        if (no) {
          await pending.withdraw();
          return no;
        }
        await pending.durable;
      } catch (err) {
        await pending.withdraw();
        throw err;
      }
      pending.accept();
      return { status: DIMSE_STATUS.success };
    },
  };
}
