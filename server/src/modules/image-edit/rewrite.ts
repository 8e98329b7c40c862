import type { AppDeps } from '../../platform/context';
import { AppError } from '../../platform/core/errors';
import { loggableError } from '../../platform/core/log-error';
import {
  BadDicom,
  identityOf,
  NotRewritable,
  parseInstance,
  pendingKeys,
  rewriteIdentity,
  type IdentityChanges,
} from '../images';

/** One stored instance a move takes, as it is now. */
export interface Moving {
  pk: number;
  sop_iuid: string;
  series_iuid: string;
  storage_key: string;
}

/** Its bytes as they will be: under a new key, with their new size and syntax. */
export interface Rewritten extends Moving {
  new_key: string;
  size_bytes: number;
  transfer_syntax: string;
}

const readAll = async (deps: Pick<AppDeps, 'images'>, key: string, sop: string): Promise<Buffer> => {
  const got = await deps.images.get(key);
  if (!got) throw new AppError(409, 'CONFLICT', 'imageEditMissing', { sop });
  return Buffer.concat(await got.body.toArray());
};

/**
 * Whose the target study is, as its instances take it: from one of its own images when it has any (the
 * person name with all its groups, the birth date), else from its row.
 */
export async function targetIdentity(
  deps: Pick<AppDeps, 'images'>,
  to: {
    study_iuid: string;
    accession_no: string;
    patient_id: string;
    patient_name: string;
    patient_pn: string;
    patient_sex: string;
  },
  sample: { storage_key: string; sop_iuid: string } | undefined,
): Promise<IdentityChanges> {
  const own = sample ? identityOf(await readAll(deps, sample.storage_key, sample.sop_iuid)) : undefined;
  return {
    studyInstanceUid: to.study_iuid,
    accessionNumber: to.accession_no,
    patientId: to.patient_id,
    patientName: own?.patientName ?? (to.patient_pn || to.patient_name),
    patientSex: to.patient_sex,
    ...(own?.patientBirthDate ? { patientBirthDate: own.patientBirthDate } : {}),
  };
}

/**
 * Writes each instance again with the given identity under its new key (keyOf), one at a time (an
 * instance is bounded by the ingest, so memory is too). Both keys of every instance are written down first
 * (pending-keys.ts): after a crash, start-up keeps whichever key the committed row names and removes the other.
 * Nothing is changed in the database here. On failure the new keys are removed again and the error thrown.
 */
export async function rewriteAll(
  deps: Pick<AppDeps, 'images' | 'log'>,
  items: Moving[],
  identity: IdentityChanges,
  keyOf: (item: Moving) => string,
) {
  const pending = pendingKeys(deps.images.stagingDir);
  const plan = items.map((i) => ({ ...i, new_key: keyOf(i) }));
  await pending.add(plan.flatMap((p) => [p.new_key, p.storage_key]));
  const done: Rewritten[] = [];
  try {
    for (const p of plan) {
      const original = await readAll(deps, p.storage_key, p.sop_iuid);
      let bytes: Buffer;
      let meta: ReturnType<typeof parseInstance>;
      try {
        bytes = rewriteIdentity(original, identity);
        meta = parseInstance(bytes);
      } catch (err) {
        // A file this writer cannot rewrite, or whose rewrite the ingest's parser refuses: a refusal, never a 500.
        if (err instanceof NotRewritable || err instanceof BadDicom)
          throw new AppError(409, 'CONFLICT', 'imageEditNotRewritable', { sop: p.sop_iuid });
        throw err;
      }
      // A key left by an attempt that stopped half-way holds no row's bytes (each row names its own key): replaced.
      if (!(await deps.images.put(p.new_key, bytes))) {
        await deps.images.remove(p.new_key);
        await deps.images.put(p.new_key, bytes);
      }
      done.push({ ...p, size_bytes: bytes.length, transfer_syntax: meta.transfer_syntax });
    }
  } catch (err) {
    await undo(
      deps,
      pending,
      done.map((d) => d.new_key),
    );
    throw err;
  }
  return {
    rewritten: done,
    /** After the commit: the old keys go. */
    commit: () =>
      undo(
        deps,
        pending,
        done.map((d) => d.storage_key),
      ),
    /** The rows did not change: the new keys go. */
    abandon: () =>
      undo(
        deps,
        pending,
        done.map((d) => d.new_key),
      ),
  };
}

/** Removes the keys no row names; the list of pending keys is settled only when all went (else start-up does it). */
async function undo(deps: Pick<AppDeps, 'images' | 'log'>, pending: ReturnType<typeof pendingKeys>, keys: string[]) {
  let failed = 0;
  for (const key of keys) {
    try {
      await deps.images.remove(key);
    } catch (err) {
      failed++;
      deps.log.error({ err: loggableError(err), key }, 'image edit: bytes no row names were not removed');
    }
  }
  if (!failed) await pending.settle();
}
