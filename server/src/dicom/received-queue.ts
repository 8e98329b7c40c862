import { randomUUID } from 'node:crypto';
import { mkdir, open, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { StagedInstance } from './staged-instance';

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

const NAME = /^\d{13}-\d{6}-[0-9a-f]{8}~([A-Za-z0-9_-]+)\.dcm$/;

/**
 * Received instances between their acknowledgement and the archive's index: a folder of fsynced Part 10 files
 * (DATA_DIR/images/.received) named in arrival order, each carrying its tag in the name. An instance is
 * acknowledged once it is here; the indexer takes files out as it writes their rows, and at start-up takes
 * whatever a stopped server left. Files the index refused after all (a race with another hospital's upload)
 * move to `.refused` for an administrator to look at, never silently dropped.
 */
export class ReceivedQueue {
  readonly refusedDir: string;
  private seq = 0;

  constructor(readonly dir: string) {
    this.refusedDir = path.join(dir, '..', '.refused');
  }

  async init(): Promise<void> {
    await mkdir(this.dir, { recursive: true });
  }

  /** Makes the staged file durable and moves it in: once this resolves, the instance may be acknowledged. */
  async enqueue(staged: Pick<StagedInstance, 'path' | 'sync'>, tag: ReceivedTag): Promise<void> {
    await staged.sync();
    this.seq = (this.seq + 1) % 1_000_000;
    const label = Buffer.from(JSON.stringify([tag.hospitalCode, tag.aet, tag.ip])).toString('base64url');
    const name = `${String(Date.now()).padStart(13, '0')}-${String(this.seq).padStart(6, '0')}-${randomUUID().slice(0, 8)}~${label}.dcm`;
    await rename(staged.path, path.join(this.dir, name));
    await fsyncDir(this.dir);
  }

  /** The oldest waiting instances, at most `limit`. */
  async pending(limit: number): Promise<QueuedInstance[]> {
    const names = (await readdir(this.dir).catch(() => [] as string[])).filter((n) => NAME.test(n)).sort();
    const out: QueuedInstance[] = [];
    for (const name of names.slice(0, limit)) {
      const tag = tagOf(name);
      const q = { name, path: path.join(this.dir, name), tag: tag! };
      if (tag) out.push(q);
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

async function fsyncDir(dir: string) {
  const fh = await open(dir, 'r');
  try {
    await fh.sync();
  } finally {
    await fh.close();
  }
}
