import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AppDeps } from '../../platform/context';
import { cleanStaging, ownerFolderName, ownStaging } from './staging-owner';

let staging: string;
beforeEach(async () => {
  staging = await mkdtemp(path.join(os.tmpdir(), 'im-staging-'));
});
afterEach(async () => {
  await rm(staging, { recursive: true, force: true });
});

const deps = () =>
  ({ images: { stagingDir: staging }, log: { info: () => undefined, error: () => undefined } }) as unknown as Pick<
    AppDeps,
    'db' | 'images' | 'log'
  >;
/** A staged file; aged, it and the folder at the staging folder's top holding it are `ageDays` old. */
const put = async (rel: string, ageDays = 0) => {
  const file = path.join(staging, rel);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, 'x');
  if (ageDays) {
    const t = new Date(Date.now() - ageDays * 24 * 3600_000);
    await utimes(file, t, t);
    await utimes(path.join(staging, rel.split('/')[0]!), t, t);
  }
};

describe('cleanStaging (start-up)', () => {
  it("removes stopped servers' folders and loose files, never a running server's or its own", async () => {
    // Another server on the same DATA_DIR, running: a live process of this host.
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      await new Promise((r) => other.once('spawn', r));
      const running = ownerFolderName(other.pid!);
      await put(`${running}/upload-1/body.upload`);
      await put('proc~somehost~1~1/upload-2/body.upload', 2); // another host's, two days old
      await put(`proc~${ownerFolderName(process.pid).split('~')[1]}~999999~1/upload-3/body.upload`); // a stopped server of this host
      await put(path.join(path.basename(ownStaging(staging)), 'upload-4', 'body.upload'));
      await put('dimse-young.dcm.part');
      await put('old.upload', 2);
      await put('proc~somehost~2~2/upload-5/body.upload'); // another host's, in use
      expect(await cleanStaging(deps())).toBe(3);
      expect((await readdir(staging)).sort()).toEqual(
        [running, 'dimse-young.dcm.part', path.basename(ownStaging(staging)), 'proc~somehost~2~2'].sort(),
      );
      await rm(path.join(staging, 'proc~somehost~2~2'), { recursive: true });
    } finally {
      other.kill();
    }
    await new Promise((r) => other.once('exit', r));
    // Nobody else running: every loose file goes, and the stopped one's folder.
    expect(await cleanStaging(deps())).toBe(2);
    expect(await readdir(staging)).toEqual([path.basename(ownStaging(staging))]);
  });
});
