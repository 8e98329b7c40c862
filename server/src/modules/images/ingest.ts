import { inArray } from 'drizzle-orm';
import { instance } from '../../platform/db/schema';
import { loggableError } from '../../platform/core/log-error';
import { holdBeforeCommit } from './ingest-hold';
import { writeRows } from './ingest-rows';
import type { FileOutcome, IngestContext, Stored } from './ingest-types';
import { BadDicom, parseInstance, type InstanceMeta } from './parse';
import { pendingKeys } from './pending-keys';
import { ownStaging } from './staging-owner';
import { instanceKey } from '../../platform/storage/store';

export type { FileOutcome, IngestContext, Stored } from './ingest-types';

const BATCH = 50;

/**
 * Keys whose bytes an ingest of this process has put and whose rows are not written yet: bytes under such a
 * key are another upload's, in flight, never a stopped upload's left-over to replace.
 */
const inFlight = new Set<string>();

/**
 * Takes instances into the archive: each is parsed (unless its receiver did) and its bytes put in the store as
 * it comes; the rows go in batches, each one transaction (study created when unknown, series, instances, the
 * study's counts, an audit row per study; where they may go: instance-rules.ts). If a batch's transaction
 * fails it is retried file by file, so a good file is never lost for a bad neighbour; a file that still fails
 * has the bytes this upload put removed: no row, no file. Every key is written down before its bytes are put
 * (pending-keys.ts), so bytes a crash leaves without a row are removed at the next start; bytes found under a
 * key with no row and no upload in flight are such a left-over, and this upload's bytes replace them.
 */
export function createIngest(ctx: IngestContext, report: (o: FileOutcome) => void) {
  const { images } = ctx.deps;
  const keys = pendingKeys(ownStaging(images.stagingDir));
  let pending: Stored[] = [];
  const claim = (one: Stored) => {
    if (one.created) inFlight.add(one.key);
  };
  const unclaim = (batch: Stored[]) => {
    for (const one of batch) if (one.created) inFlight.delete(one.key);
  };
  /** Of the keys that held bytes before this upload's put, those no row names and no upload in flight holds. */
  const leftOvers = async (batch: Stored[]): Promise<Stored[]> => {
    const held = batch.filter((b) => !b.created && !inFlight.has(b.key));
    if (!held.length) return [];
    const rows = await ctx.deps.db
      .select({ sop: instance.sop_iuid })
      .from(instance)
      .where(
        inArray(
          instance.sop_iuid,
          held.map((b) => b.meta.sop_iuid),
        ),
      );
    const known = new Set(rows.map((r) => r.sop));
    return held.filter((b) => !known.has(b.meta.sop_iuid));
  };
  const writeBatch = async (batch: Stored[]): Promise<void> => {
    try {
      const { outcomes, keep } = await ctx.deps.db.transaction((tx) => writeRows(tx, ctx, batch));
      for (const [i, o] of outcomes.entries()) {
        // Bytes this upload put that no row names: a refused file, or a duplicate of an instance already
        // stored under another study or series (its key differs, so the put created a second copy).
        if (o.status !== 'uploaded' && batch[i]!.created && !keep[i]) await images.remove(batch[i]!.key);
        report(o);
      }
    } catch (err) {
      if (batch.length > 1) {
        for (const one of batch) await writeBatch([one]);
        return;
      }
      const [one] = batch as [Stored];
      ctx.deps.log.warn({ err: loggableError(err) }, 'image ingest: an instance could not be stored');
      if (one.created) await images.remove(one.key);
      report({ file: one.name, status: 'failed', reason: { key: 'imgStoreFailed' } });
    }
  };
  const putLinked = async (linked: Stored[]) => {
    const created = await images.putFiles!(linked.map((b) => ({ key: b.key, file: b.file! })));
    linked.forEach((b, i) => (b.created = created[i]!));
  };
  /** A flush stopped after rows may have been written: what it put stays for the start-up check. */
  let unsettled = false;
  const flush = async () => {
    const batch = pending;
    if (!batch.length) return;
    const linked = batch.filter((b) => b.file && !b.created);
    if (linked.length) {
      await keys.add(linked.map((b) => b.key));
      try {
        await putLinked(linked);
        linked.forEach(claim);
        const stale = await leftOvers(linked);
        for (const b of stale) await images.remove(b.key);
        if (stale.length) await putLinked(stale);
        stale.forEach(claim);
      } catch (err) {
        // Which of them were put is not known: abort removes those no row names.
        for (const b of linked) b.uncertain = !b.created;
        throw err;
      }
    }
    await holdBeforeCommit();
    pending = [];
    try {
      await writeBatch(batch);
    } catch (err) {
      unsettled = true;
      throw err;
    } finally {
      unclaim(batch);
    }
    await keys.settle();
  };
  return {
    /**
     * One file's bytes: parsed and stored, its row waiting for the batch; or reported failed. `file`: where
     * the same bytes already lie durable on local disk, for a store that can take them without a copy;
     * `meta`: what parsing these bytes gave (a C-STORE receiver's), not to be parsed again.
     */
    async add(name: string, data: Buffer, o: { file?: string; meta?: InstanceMeta } = {}): Promise<void> {
      const { file } = o;
      let meta: InstanceMeta;
      try {
        meta = o.meta ?? parseInstance(data);
      } catch (err) {
        if (!(err instanceof BadDicom)) throw err;
        report({
          file: name,
          status: 'failed',
          reason: { key: err.key, ...(err.params ? { params: err.params } : {}) },
        });
        return;
      }
      const key = instanceKey(meta.study_iuid, meta.series_iuid, meta.sop_iuid);
      if (file && images.putFiles) pending.push({ name, size: data.length, meta, key, created: false, file });
      else {
        await keys.add([key]);
        const one: Stored = { name, size: data.length, meta, key, created: await images.put(key, data) };
        if ((await leftOvers([one])).length) {
          await images.remove(key);
          one.created = await images.put(key, data);
        }
        claim(one);
        pending.push(one);
      }
      if (pending.length >= BATCH) await flush();
    },
    flush,
    /** The upload stops short (an unexpected error): bytes stored for rows never written are removed. */
    async abort(): Promise<void> {
      const batch = pending;
      pending = [];
      const unsure = await leftOvers(batch.filter((b) => b.uncertain));
      for (const one of batch) if (one.created || unsure.includes(one)) await images.remove(one.key);
      unclaim(batch);
      if (!unsettled) await keys.settle();
    },
  };
}
