import { createReadStream, createWriteStream } from 'node:fs';
import { link, mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { randomUUID } from 'node:crypto';
import { fsyncPath } from '../core/durable-file';
import { assertKey, type ImageStore } from './store';

/**
 * Instances as files under `root` (DATA_DIR/images), one per key. A put is durable before it is visible:
 * written to a temporary file in the staging folder (same file system; swept at start-up) and fsynced,
 * hard-linked into place (link never replaces an existing file, so two puts of one key cannot clobber each
 * other), then the directory is fsynced.
 */
export function fileImageStore(root: string): ImageStore {
  const stagingDir = path.join(root, '.staging');
  const fileOf = (key: string) => {
    assertKey(key);
    return path.join(root, key);
  };
  return {
    kind: 'file',
    stagingDir,
    async put(key, body) {
      const target = fileOf(key);
      if (await stat(target).catch(() => null)) return false;
      await mkdir(path.dirname(target), { recursive: true });
      await mkdir(stagingDir, { recursive: true });
      const temp = path.join(stagingDir, `put-${randomUUID()}.tmp`);
      try {
        if (Buffer.isBuffer(body)) await writeFile(temp, body);
        else await pipeline(body, createWriteStream(temp));
        await fsyncPath(temp);
        try {
          await link(temp, target);
        } catch (err) {
          if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
          throw err;
        }
        await fsyncPath(path.dirname(target));
        return true;
      } finally {
        await rm(temp, { force: true });
      }
    },
    async putFiles(items) {
      const created: boolean[] = [];
      const folders = new Set<string>();
      for (const { key, file } of items) {
        const target = fileOf(key);
        await mkdir(path.dirname(target), { recursive: true });
        try {
          await link(file, target);
          created.push(true);
          folders.add(path.dirname(target));
        } catch (err) {
          const code = (err as NodeJS.ErrnoException).code;
          if (code === 'EEXIST') created.push(false);
          // Another file system (EXDEV) or no hard links (EPERM): copied the durable way.
          else if (code === 'EXDEV' || code === 'EPERM') created.push(await this.put(key, createReadStream(file)));
          else throw err;
        }
      }
      for (const folder of folders) await fsyncPath(folder);
      return created;
    },
    async get(key, range) {
      const file = fileOf(key);
      try {
        const s = await stat(file);
        return { body: createReadStream(file, range ? { start: range.start, end: range.end } : {}), size: s.size };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    async remove(key) {
      await rm(fileOf(key), { force: true });
    },
    async *list(prefix = '') {
      const walk = async function* (dir: string): AsyncGenerator<{ key: string; size: number }> {
        let entries;
        try {
          entries = await readdir(dir, { withFileTypes: true });
        } catch {
          return;
        }
        for (const e of entries) {
          if (e.name.startsWith('.') || e.name.endsWith('.tmp')) continue;
          const full = path.join(dir, e.name);
          if (e.isDirectory()) yield* walk(full);
          else {
            const key = path.relative(root, full).split(path.sep).join('/');
            if (key.startsWith(prefix)) yield { key, size: (await stat(full)).size };
          }
        }
      };
      yield* walk(root);
    },
  };
}
