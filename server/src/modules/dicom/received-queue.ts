import { randomUUID } from 'node:crypto';
import { mkdir, open, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fsyncPath, writeAll } from '../../platform/core/durable-file';
import type { InstanceMeta } from '../images';
import { ReceivedLog, type LogRecord } from './received-log';

/** Who sent an instance and for which hospital: what the archive's ingest needs to take it later. */
export interface ReceivedTag {
  hospitalCode: string;
  aet: string;
  ip: string;
}

/** An instance being written into the queue: see ReceivedQueue.write. */
export interface PendingInstance {
  durable: Promise<void>;
  accept(meta?: InstanceMeta): void;
  withdraw(): Promise<void>;
}

export interface QueuedInstance {
  /** For the log and for `.refused`: arrival, sequence, tag and size. */
  name: string;
  tag: ReceivedTag;
  /** A file of the folder queue: where the bytes lie whole on local disk, for a store that links them. */
  path?: string;
  /** A record of the received log (with `path` only once copied out by `materialise`). */
  record?: LogRecord;
  arrival: number;
  /** What the receiver's parse of it gave; none for what a stopped server left. */
  meta?: InstanceMeta;
}

/** What an instance whose tag cannot be read is set aside under. */
const UNREADABLE_TAG: ReceivedTag = { hospitalCode: '', aet: '', ip: '' };

/** <arrival ms>-<seq>-<random>~<tag, base64url JSON>.<size in bytes>.dcm */
const NAME = /^(\d{13})-\d{6}-[0-9a-f]{8}~([A-Za-z0-9_-]+)\.(\d{1,15})\.dcm$/;

/** Log records copied out at once by `materialise` (memory: this many instances of up to 8 MiB). */
const MATERIALISE_AT_ONCE = 8;
/** Waiting instances whose metadata is kept (some MiB): past this (the store away long), the rest are parsed again. */
const METAS_KEPT = 20_000;

/**
 * Received instances between their acknowledgement and the archive's index. An instance is acknowledged once
 * it is here and durable; the indexer takes it out as it writes its rows, and at start-up takes whatever a
 * stopped server left. Instances the index refused after all (a race with another hospital's upload) move to
 * `.refused` for an administrator to look at, never silently dropped.
 *
 * Two places, one queue:
 * - the received log (received-log.ts, DATA_DIR/images/.received-log): instances held in memory, written into
 *   a recycled ring file with one fdatasync. The fast path.
 * - the folder (DATA_DIR/images/.received): fsynced Part 10 files named in arrival order, each carrying its
 *   tag and its size in the name. An instance streamed to a staging file (too large for memory) is renamed
 *   in; one held in memory comes here when the log cannot take it (full while the store is away, or broken).
 *   A file is fsynced with its folder: on a journalling file system the file's fsync commits its name with
 *   it, so the folder's fsync finds little left to do. A crash in between can leave a named file whose data
 *   did not all reach the disk; it was never acknowledged, and its size on disk (which ext4 and XFS advance
 *   only once the data is written) then differs from the size in its name: such a file is removed, never
 *   indexed.
 */
export class ReceivedQueue {
  readonly refusedDir: string;
  readonly log: ReceivedLog;
  private seq = 0;
  /** Names written in but not yet accepted: not to be indexed before they are acknowledged. */
  private readonly settling = new Set<string>();
  /** The receiver's metadata of waiting instances, by log sequence or file name, for the indexer. */
  private readonly metas = new Map<number | string, InstanceMeta>();

  constructor(
    readonly dir: string,
    o: { logBytes?: number } = {},
  ) {
    this.refusedDir = path.join(dir, '..', '.refused');
    this.log = new ReceivedLog(path.join(dir, '..', '.received-log'), o.logBytes);
  }

  private opened: Promise<void> | null = null;

  /** Opens the queue (once; later calls wait for the first). */
  init(): Promise<void> {
    return (this.opened ??= (async () => {
      await mkdir(this.dir, { recursive: true });
      await this.log.init();
    })());
  }

  async close(): Promise<void> {
    await this.log.close();
  }

  /**
   * Writes a whole instance held in memory into the queue while the caller checks it: once `durable`
   * resolves and the check passed, `accept(meta)` lets the indexer take it (with what the check parsed) and it
   * may be acknowledged; a refused or failed one is `withdraw()`n.
   */
  write(bytes: Buffer, tag: ReceivedTag): PendingInstance {
    const logged = this.log.append(bytes, Buffer.from(label(tag)));
    if (!logged) return this.writeFile(bytes, tag);
    const { record, durable } = logged;
    return {
      durable,
      accept: (meta) => {
        this.keep(record.seq, meta);
        this.log.accept(record.seq);
      },
      withdraw: async () => {
        await durable.catch(() => undefined);
        await this.log.withdraw(record.seq);
      },
    };
  }

  private writeFile(bytes: Buffer, tag: ReceivedTag): PendingInstance {
    const name = this.nameFor(bytes.length, tag);
    const target = path.join(this.dir, name);
    this.settling.add(name);
    const durable = (async () => {
      const fh = await open(target, 'wx');
      try {
        await writeAll(fh, bytes);
        await fh.sync();
      } finally {
        await fh.close();
      }
      await fsyncPath(this.dir);
    })();
    durable.catch(() => undefined);
    return {
      durable,
      accept: (meta) => {
        this.keep(name, meta);
        this.settling.delete(name);
      },
      withdraw: async () => {
        await durable.catch(() => undefined);
        await rm(target, { force: true });
        this.settling.delete(name);
      },
    };
  }

  /** Moves a complete staged file in and makes it durable: once this resolves, it may be acknowledged. */
  async enqueue(staged: { path: string; size: number }, tag: ReceivedTag, meta?: InstanceMeta): Promise<void> {
    const name = this.nameFor(staged.size, tag);
    const target = path.join(this.dir, name);
    this.settling.add(name);
    try {
      await rename(staged.path, target);
      await fsyncPath(target);
      await fsyncPath(this.dir);
      this.keep(name, meta);
    } finally {
      this.settling.delete(name);
    }
  }

  private keep(key: number | string, meta: InstanceMeta | undefined) {
    if (meta && this.metas.size < METAS_KEPT) this.metas.set(key, meta);
  }

  private metaKey(q: QueuedInstance): number | string {
    return q.record ? q.record.seq : q.name;
  }

  private nameFor(size: number, tag: ReceivedTag) {
    this.seq = (this.seq + 1) % 1_000_000;
    return `${String(Date.now()).padStart(13, '0')}-${String(this.seq).padStart(6, '0')}-${randomUUID().slice(0, 8)}~${label(tag)}.${size}.dcm`;
  }

  /** The oldest waiting instances, at most `limit`; incomplete left-overs of a crash are removed on the way. */
  async pending(limit: number): Promise<QueuedInstance[]> {
    const out: QueuedInstance[] = [];
    for (const record of this.log.live().slice(0, limit)) {
      const tag = tagOf(record.tag.toString());
      const q = {
        name: `log-${record.seq}~${record.tag.toString()}.${record.length}.dcm`,
        record,
        arrival: record.arrival,
        meta: this.metas.get(record.seq),
      };
      if (tag) out.push({ ...q, tag });
      else await this.refuse({ ...q, tag: UNREADABLE_TAG });
    }
    const names = (await readdir(this.dir).catch(() => [] as string[])).filter((n) => NAME.test(n)).sort();
    let files = 0;
    for (const name of names) {
      if (files >= limit) break;
      if (this.settling.has(name)) continue;
      const [, arrival, labelled, bytes] = NAME.exec(name)!;
      const q = { name, path: path.join(this.dir, name), arrival: Number(arrival), meta: this.metas.get(name) };
      const size = (await stat(q.path).catch(() => null))?.size;
      if (size === undefined) continue;
      const tag = tagOf(labelled!);
      if (size !== Number(bytes)) await rm(q.path, { force: true });
      else if (tag) {
        out.push({ ...q, tag });
        files++;
      } else await this.refuse({ ...q, tag: UNREADABLE_TAG });
    }
    return out.sort((a, b) => a.arrival - b.arrival).slice(0, limit);
  }

  /** An instance's bytes. */
  read(q: QueuedInstance): Promise<Buffer> {
    return q.record ? this.log.read(q.record) : readFile(q.path!);
  }

  /**
   * Copies log records out as fsynced files in `dir` (on the store's file system), so a store that links
   * files takes them as it takes the folder's: the writes and fsyncs of a batch run side by side (the
   * journal commits them together) and each folder of the store is synced once, rather than a durable put,
   * folder sync included, one instance after another.
   */
  async materialise(batch: QueuedInstance[], dir: string): Promise<void> {
    const todo = batch.filter((q) => q.record && !q.path);
    if (todo.length) await mkdir(dir, { recursive: true });
    for (let i = 0; i < todo.length; i += MATERIALISE_AT_ONCE)
      await Promise.all(
        todo.slice(i, i + MATERIALISE_AT_ONCE).map(async (q) => {
          const file = path.join(dir, `received-${q.record!.seq}-${randomUUID().slice(0, 8)}.dcm.part`);
          const fh = await open(file, 'w');
          try {
            await writeAll(fh, await this.log.read(q.record!));
            await fh.sync();
          } finally {
            await fh.close();
          }
          q.path = file;
        }),
      );
  }

  /** Removes the copies `materialise` made (the records stay in the log, to be taken again). */
  async unmaterialise(batch: QueuedInstance[]): Promise<void> {
    for (const q of batch)
      if (q.record && q.path) {
        await rm(q.path, { force: true });
        delete q.path;
      }
  }

  async remove(q: QueuedInstance): Promise<void> {
    this.metas.delete(this.metaKey(q));
    if (q.path) await rm(q.path, { force: true });
    if (q.record) this.log.done(q.record.seq);
  }

  async refuse(q: QueuedInstance): Promise<void> {
    this.metas.delete(this.metaKey(q));
    await mkdir(this.refusedDir, { recursive: true });
    const target = path.join(this.refusedDir, q.name);
    if (!q.record) return rename(q.path!, target);
    await writeFile(target, await this.log.read(q.record));
    await fsyncPath(target);
    if (q.path) await rm(q.path, { force: true });
    this.log.done(q.record.seq);
  }
}

/** A tag as it is written into a name or a log record: base64url of a JSON array. */
function label(tag: ReceivedTag): string {
  return Buffer.from(JSON.stringify([tag.hospitalCode, tag.aet, tag.ip])).toString('base64url');
}

function tagOf(labelled: string): ReceivedTag | null {
  try {
    const [hospitalCode, aet, ip] = JSON.parse(Buffer.from(labelled, 'base64url').toString()) as string[];
    return typeof hospitalCode === 'string' && typeof aet === 'string' && typeof ip === 'string'
      ? { hospitalCode, aet, ip }
      : null;
  } catch {
    return null;
  }
}
