import { randomUUID } from 'node:crypto';
import { mkdir, open, readdir, readFile, rm, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../../platform/context';
import { instance } from '../../platform/db/schema';
import { fsyncPath, writeAll } from '../../platform/core/durable-file';
import { loggableError } from '../../platform/core/log-error';

/** The files of pending keys, in a server's own staging folder (staging-owner.ts). */
export const PENDING_SUFFIX = '.pending-keys';
/** An instance key, a revision folder or not (store.ts revisedKey). */
const KEY_SOP = /^[0-9.]+\/[0-9.]+\/(?:[0-9]+\/)?([0-9.]+)\.dcm$/;

/**
 * The keys one ingest is about to put in the image store, written down (fsynced) before the puts, so that
 * bytes a crash leaves in the store without their row can be found at start-up without walking the store.
 * `settle` once every key written so far has its committed row or has been removed again.
 */
export function pendingKeys(stagingDir: string) {
  let file = '';
  let fh: FileHandle | undefined;
  return {
    async add(keys: string[]): Promise<void> {
      if (!keys.length) return;
      const created = !fh;
      if (!fh) {
        // The folder is new at a server's first ingest: its name must be durable too.
        if (await mkdir(stagingDir, { recursive: true })) await fsyncPath(path.dirname(stagingDir));
        file = path.join(stagingDir, `ingest-${randomUUID()}${PENDING_SUFFIX}`);
        fh = await open(file, 'a');
      }
      await writeAll(fh, Buffer.from(`${keys.join('\n')}\n`));
      await fh.sync();
      if (created) await fsyncPath(stagingDir);
    },
    async settle(): Promise<void> {
      if (!fh) return;
      const done = fh;
      fh = undefined;
      await done.close();
      await rm(file, { force: true });
    },
  };
}

/**
 * At start-up, for the folder of a stopped server (staging-owner.ts): each key it wrote down as pending and
 * that has no instance row is removed from the store; those bytes were never acknowledged. Answers the lists
 * it could not settle (the store away), left where they are.
 */
export async function recoverPendingKeys(deps: Pick<AppDeps, 'db' | 'images' | 'log'>, dir: string): Promise<string[]> {
  const unsettled: string[] = [];
  let removed = 0;
  const entries = await readdir(dir, { recursive: true }).catch(() => [] as string[]);
  for (const rel of entries.filter((e) => e.endsWith(PENDING_SUFFIX))) {
    const file = path.join(dir, rel);
    const keys = new Set((await readFile(file, 'utf8')).split('\n').filter((k) => KEY_SOP.test(k)));
    try {
      for (const key of keys) {
        const sop = KEY_SOP.exec(key)![1]!;
        const [row] = await deps.db
          .select({ pk: instance.pk })
          .from(instance)
          .where(and(eq(instance.sop_iuid, sop), eq(instance.storage_key, key)));
        if (row) continue;
        await deps.images.remove(key);
        removed++;
      }
      await rm(file, { force: true });
    } catch (err) {
      deps.log.error({ err: loggableError(err) }, 'image store: pending keys of a stopped upload not settled');
      unsettled.push(file);
    }
  }
  if (removed) deps.log.info({ removed }, 'image store: bytes a stopped server never acknowledged removed');
  return unsettled;
}
