import { randomUUID } from 'node:crypto';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';

/** Who sent an instance and for which hospital: what the archive's ingest needs to take it later. */
export interface ReceivedTag {
  hospitalCode: string;
  aet: string;
  ip: string;
}

export interface QueuedInstance {
  name: string;
  path: string;
  tag: ReceivedTag;
}

/** <arrival ms>-<seq>-<random>~<tag, base64url JSON>.<size in bytes>.dcm */
const NAME = /^\d{13}-\d{6}-[0-9a-f]{8}~([A-Za-z0-9_-]+)\.(\d{1,15})\.dcm$/;

/**
 * Received instances between their acknowledgement and the archive's index: a folder of fsynced Part 10 files
 * (DATA_DIR/images/.received) named in arrival order, each carrying its tag and its size in the name. An
 * instance is acknowledged once it is here and durable; the indexer takes files out as it writes their rows,
 * and at start-up takes whatever a stopped server left. Files the index refused after all (a race with
 * another hospital's upload) move to `.refused` for an administrator to look at, never silently dropped.
 *
 * The complete file is renamed in first and then fsynced, file and folder: on a journalling file system the
 * file's fsync commits the rename with it, so the folder's fsync finds little left to do (one flush an
 * instance instead of two). A crash in between can leave a named file whose data did not all reach the disk;
 * it was never acknowledged, and its size on disk (which ext4 and XFS advance only once the data is written)
 * then differs from the size in its name: such a file is removed, never indexed.
 */
export class ReceivedQueue {
  readonly refusedDir: string;
  private seq = 0;
  /** Names renamed in but not yet durable: not to be indexed before they are acknowledged. */
  private readonly settling = new Set<string>();

  constructor(readonly dir: string) {
    this.refusedDir = path.join(dir, '..', '.refused');
  }

  async init(): Promise<void> {
    await mkdir(this.dir, { recursive: true });
  }

  /** Moves the complete staged file in and makes it durable: once this resolves, it may be acknowledged. */
  async enqueue(staged: { path: string; size: number }, tag: ReceivedTag): Promise<void> {
    this.seq = (this.seq + 1) % 1_000_000;
    const label = Buffer.from(JSON.stringify([tag.hospitalCode, tag.aet, tag.ip])).toString('base64url');
    const name = `${String(Date.now()).padStart(13, '0')}-${String(this.seq).padStart(6, '0')}-${randomUUID().slice(0, 8)}~${label}.${staged.size}.dcm`;
    const target = path.join(this.dir, name);
    this.settling.add(name);
    try {
      await rename(staged.path, target);
      await fsyncPath(target);
      await fsyncPath(this.dir);
    } finally {
      this.settling.delete(name);
    }
  }

  /** The oldest waiting instances, at most `limit`; incomplete left-overs of a crash are removed on the way. */
  async pending(limit: number): Promise<QueuedInstance[]> {
    const names = (await readdir(this.dir).catch(() => [] as string[])).filter((n) => NAME.test(n)).sort();
    const out: QueuedInstance[] = [];
    for (const name of names) {
      if (out.length >= limit) break;
      if (this.settling.has(name)) continue;
      const q = { name, path: path.join(this.dir, name), tag: tagOf(name)! };
      const size = (await stat(q.path).catch(() => null))?.size;
      if (size === undefined) continue;
      if (size !== Number(NAME.exec(name)![2])) await rm(q.path, { force: true });
      else if (q.tag) out.push(q);
      else await this.refuse(q);
    }
    return out;
  }

  async remove(q: QueuedInstance): Promise<void> {
    await rm(q.path, { force: true });
  }

  async refuse(q: QueuedInstance): Promise<void> {
    await mkdir(this.refusedDir, { recursive: true });
    await rename(q.path, path.join(this.refusedDir, q.name));
  }
}

function tagOf(name: string): ReceivedTag | null {
  try {
    const [hospitalCode, aet, ip] = JSON.parse(Buffer.from(NAME.exec(name)![1]!, 'base64url').toString()) as string[];
    return typeof hospitalCode === 'string' && typeof aet === 'string' && typeof ip === 'string'
      ? { hospitalCode, aet, ip }
      : null;
  } catch {
    return null;
  }
}

async function fsyncPath(p: string) {
  const fh = await open(p, 'r');
  try {
    await fh.sync();
  } finally {
    await fh.close();
  }
}
