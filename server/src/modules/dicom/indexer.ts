import type { AppDeps } from '../../platform/context';
import { createIngest, type FileOutcome } from '../images';
import { loggableError } from '../../platform/core/log-error';
import type { QueuedInstance, ReceivedQueue } from './received-queue';

export interface Indexer {
  /** New instances are waiting. */
  kick(): void;
  /** Resolves when nothing is being indexed and the queue holds nothing it can take now. */
  settled(): Promise<void>;
  /** Finishes the batch under way and stops. */
  close(): Promise<void>;
}

const BATCH = 100;
const RETRY_MS = 5000;
/**
 * Indexing waits for a pause in arrivals (GATHER_MS without a new instance), so a modality's burst is not
 * slowed by commits and folder syncs running beside it, and goes in as few batches as possible; but never
 * longer than MAX_WAIT_MS after the first waiting arrival, so a long send shows up in the worklist as it goes.
 */
const GATHER_MS = 300;
const MAX_WAIT_MS = 3000;

/**
 * Takes received instances from the queue into the archive in batches (one ingest per sender and hospital,
 * whose rows go 50 to a transaction), so a modality's C-STORE is answered once its file is durable rather
 * than after a database commit of its own. A store that is away (Orthanc down) leaves the files queued and
 * is tried again; an instance the archive refuses after all is moved aside and logged.
 */
export function startIndexer(
  deps: AppDeps,
  queue: ReceivedQueue,
  o: { retryMs?: number; gatherMs?: number; maxWaitMs?: number } = {},
): Indexer {
  let running: Promise<void> | null = null;
  let again = false;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;
  let gathering: NodeJS.Timeout | null = null;
  let firstWaiting = 0;

  const arrived = () => {
    if (closed) return;
    const now = Date.now();
    if (gathering) {
      if (now - firstWaiting >= (o.maxWaitMs ?? MAX_WAIT_MS)) return; // let it fire
      clearTimeout(gathering);
    } else firstWaiting = now;
    gathering = setTimeout(gathered, o.gatherMs ?? GATHER_MS);
    gathering.unref();
  };
  const gathered = () => {
    if (!gathering) return;
    clearTimeout(gathering);
    gathering = null;
    kick();
  };

  const kick = () => {
    if (closed) return;
    if (running) {
      again = true;
      return;
    }
    again = false;
    running = drain()
      .catch((err: unknown) => {
        deps.log.error({ err: loggableError(err) }, 'dicom: indexing failed; retrying');
        schedule();
      })
      .finally(() => {
        running = null;
        if (again) kick();
      });
  };
  const schedule = () => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = null;
      kick();
    }, o.retryMs ?? RETRY_MS);
    retry.unref();
  };

  async function drain() {
    while (!closed) {
      const batch = await queue.pending(BATCH);
      if (!batch.length) return;
      if (!(await indexBatch(batch))) return schedule();
    }
  }

  /** false when the store failed: the rest waits for the retry. */
  async function indexBatch(batch: QueuedInstance[]): Promise<boolean> {
    for (const group of groupsOf(batch)) {
      const { hospitalCode, aet, ip } = group[0]!.tag;
      const outcomes = new Map<string, FileOutcome>();
      const ingest = createIngest(
        { deps, who: { pk: 0, username: `dicom:${aet}`.slice(0, 64) }, hospitalCode, ip, acknowledged: true },
        (r) => outcomes.set(r.file, r),
      );
      try {
        if (deps.images.putFiles) await queue.materialise(group, deps.images.stagingDir);
        for (const q of group) await ingest.add(q.name, await queue.read(q), { file: q.path, meta: q.meta });
        await ingest.flush();
      } catch (err) {
        await ingest.abort();
        await queue.unmaterialise(group);
        throw err;
      }
      let stalled = false;
      for (const q of group) {
        const out = outcomes.get(q.name);
        if (out?.status === 'failed' && out.reason.key === 'imgStoreFailed') {
          stalled = true;
          await queue.unmaterialise([q]);
        } else if (out?.status === 'failed') {
          deps.log.error(
            { callingAet: aet, why: out.reason.key, file: q.name },
            'dicom: acknowledged instance refused',
          );
          await queue.refuse(q);
        } else await queue.remove(q);
      }
      if (stalled) return false;
    }
    return true;
  }

  kick(); // what a stopped server left
  return {
    kick: arrived,
    async settled() {
      gathered();
      while (running) await running;
    },
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      if (gathering) clearTimeout(gathering);
      gathering = null;
      while (running) await running;
    },
  };
}

/** Consecutive runs of one sender and hospital, in arrival order. */
function groupsOf(batch: QueuedInstance[]): QueuedInstance[][] {
  const groups: QueuedInstance[][] = [];
  const key = (q: QueuedInstance) => `${q.tag.hospitalCode}\n${q.tag.aet}\n${q.tag.ip}`;
  for (const q of batch) {
    const last = groups.at(-1);
    if (last && key(last[0]!) === key(q)) last.push(q);
    else groups.push([q]);
  }
  return groups;
}
