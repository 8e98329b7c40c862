import type { AppDeps } from '../../platform/context';
import { BadDicom, createInstanceRules, parseInstance, type InstanceMeta } from '../images';
import { translate, type MessageKey, type Params } from '../../platform/core/i18n';
import type { ReceivedQueue, ReceivedTag } from './received-queue';
import type { StagedInstance } from './staged-instance';
import { DIMSE_STATUS } from './status';

export interface StoreResult {
  status: number;
  /** For the response's ErrorComment (LO, at most 64 characters). */
  comment?: string;
}

/** Refused: the study is in the recycle bin (dcm4chee-arc's 0xA771 for a rejected object sent again). */
export const IN_RECYCLE_BIN = 0xa771;

const refused = (status: number, key: MessageKey, params?: Params): StoreResult => ({
  status,
  comment: translate('en-US', key, params).slice(0, 64),
});

/**
 * The instances of one association, for the device's hospital. Each is parsed and held to the archive's rules
 * (readable, its study not another hospital's, its series not another study's), then made durable in the
 * received queue with what parsing it gave; then, and only then, it is acknowledged. The indexer writes the
 * rows from that, without parsing the instance again.
 */
export function createStoreReceiver(deps: AppDeps, queue: ReceivedQueue, tag: ReceivedTag) {
  const rules = createInstanceRules(deps.db, tag.hospitalCode);

  /** The instance's metadata, or why the archive would refuse it. */
  const check = async (bytes: Buffer): Promise<{ meta: InstanceMeta } | { no: StoreResult }> => {
    let meta;
    try {
      meta = parseInstance(bytes);
    } catch (err) {
      if (!(err instanceof BadDicom)) throw err;
      return { no: refused(DIMSE_STATUS.cannotUnderstand, err.key, err.params) };
    }
    const why = await rules.refusal(meta);
    // A deleted study is not brought back, nor added to unseen (dcm4chee-arc's "subsequent occurrence").
    if (why === 'imgStudyDeleted') return { no: refused(IN_RECYCLE_BIN, why) };
    return why ? { no: refused(DIMSE_STATUS.notAuthorized, why) } : { meta };
  };

  return {
    async store(staged: StagedInstance): Promise<StoreResult> {
      const bytes = await staged.inMemory();
      if (!bytes) {
        const checked = await check(await staged.bytes());
        if ('no' in checked) return checked.no;
        await queue.enqueue(await staged.staged(), tag, checked.meta);
        return { status: DIMSE_STATUS.success };
      }
      // The write and its fsyncs run in the background while the instance is checked here.
      const pending = queue.write(bytes, tag);
      let checked;
      try {
        checked = await check(bytes);
        if ('no' in checked) {
          await pending.withdraw();
          return checked.no;
        }
        await pending.durable;
      } catch (err) {
        await pending.withdraw();
        throw err;
      }
      pending.accept(checked.meta);
      return { status: DIMSE_STATUS.success };
    },
  };
}
