import { closeSync, fsyncSync, openSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

type InitArgs = Parameters<NodeFS['init']>;
type EmscriptenMod = Parameters<NonNullable<InitArgs[1]['preRun']>[number]>[0];
interface NodeStream {
  nfd?: number;
}

/**
 * PGlite's Node file system, with fsync made real. Emscripten's NODEFS writes straight to the OS (so a
 * killed process loses nothing) but has no fsync, and PGlite starts PostgreSQL with fsync off (-F), so an
 * OS crash or power loss could lose acknowledged commits. Here PostgreSQL's own fsync calls (WAL at
 * commit, data files at checkpoints, directories after creating files) reach fs.fsyncSync.
 */
export class DurableNodeFS extends NodeFS {
  /** sync: what an fsync of an open file descriptor runs (a test counts the calls). */
  constructor(
    dataDir: string,
    private readonly sync: (fd: number) => void = fsyncSync,
  ) {
    super(dataDir);
  }

  override async init(pg: InitArgs[0], opts: InitArgs[1]) {
    const result = await super.init(pg, opts);
    const preRun = result.emscriptenOpts.preRun ?? [];
    result.emscriptenOpts.preRun = [(mod: EmscriptenMod) => this.hookFsync(mod), ...preRun];
    return result;
  }

  private hookFsync(mod: EmscriptenMod) {
    const ops = (mod.NODEFS as unknown as { stream_ops: Record<string, unknown> }).stream_ops;
    ops.fsync = (stream: NodeStream) => {
      if (stream.nfd !== undefined) this.sync(stream.nfd);
      return 0;
    };
  }
}

/**
 * PGlite's default start parameters without -F (fsync off). fdatasync is a no-op in Emscripten that no
 * file system can hook, so the WAL is flushed with fsync, which DurableNodeFS makes real.
 */
export function durableStartParams(): string[] {
  return [...PGlite.defaultStartParams.filter((p) => p !== '-F'), '-c', 'wal_sync_method=fsync'];
}

/** fsyncs every file and folder under dir: a new data folder's files are written before fsync is on. */
export function fsyncTree(dir: string) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) fsyncTree(full);
    else if (entry.isFile()) fsyncPath(full);
  }
  fsyncPath(dir);
}

function fsyncPath(p: string) {
  const fd = openSync(p, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
