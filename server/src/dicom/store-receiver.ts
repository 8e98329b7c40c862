import type { AppDeps } from '../context';
import { createIngest, type FileOutcome } from '../images/ingest';
import { translate } from '../lib/i18n';

/** C-STORE statuses (PS3.4 B.2.3 and Annex C). */
export const STORE_STATUS = {
  success: 0x0000,
  /** Refused: out of resources (the store or database failed). */
  outOfResources: 0xa700,
  /** Refused: another hospital's study, or a series UID of another study. */
  notAuthorized: 0x0124,
  /** Error: cannot understand (not DICOM, truncated, no UIDs, too large). */
  cannotUnderstand: 0xc000,
} as const;

export interface StoreResult {
  status: number;
  /** For the response's ErrorComment (LO, at most 64 characters). */
  comment?: string;
  outcome: FileOutcome;
}

/**
 * The instances of one association go through the archive's ingest for the device's hospital. Each is
 * written (bytes in the store, row committed) before its C-STORE response leaves: acknowledged means kept.
 */
export function createStoreReceiver(
  deps: AppDeps,
  o: { hospitalCode: string; who: { pk: number; username: string }; ip: string },
) {
  const outcomes = new Map<string, FileOutcome>();
  const ingest = createIngest({ deps, who: o.who, hospitalCode: o.hospitalCode, ip: o.ip }, (r) =>
    outcomes.set(r.file, r),
  );
  return {
    async store(name: string, bytes: Buffer): Promise<StoreResult> {
      try {
        await ingest.add(name, bytes);
        await ingest.flush();
      } catch (err) {
        await ingest.abort();
        throw err;
      }
      const outcome = outcomes.get(name)!;
      outcomes.delete(name);
      return resultOf(outcome);
    },
  };
}

export function resultOf(outcome: FileOutcome): StoreResult {
  if (outcome.status !== 'failed') return { status: STORE_STATUS.success, outcome };
  const key = outcome.reason.key;
  const status =
    key === 'imgStoreFailed'
      ? STORE_STATUS.outOfResources
      : key === 'imgOtherHospital' || key === 'imgOtherStudy'
        ? STORE_STATUS.notAuthorized
        : STORE_STATUS.cannotUnderstand;
  return { status, comment: translate('en-US', key, outcome.reason.params).slice(0, 64), outcome };
}
