import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { zipOf } from '../../../tests/support/dicom-builder';
import { openZip, TooManyEntries } from './zip-entries';

const dir = await mkdtemp(path.join(os.tmpdir(), 'zip-entries-'));
afterAll(() => rm(dir, { recursive: true, force: true }));

async function zipFile(names: string[]) {
  const file = path.join(dir, `${names.length}-${Math.random()}.zip`);
  await writeFile(file, await zipOf(names.map((name) => ({ name, data: Buffer.from(name) }))));
  return file;
}

describe('openZip', () => {
  it('lists the entries that may be instances, leaving out directories, macOS forks and dot-files', async () => {
    const zip = await openZip(await zipFile(['a/IM1', 'a/.DS_Store', '__MACOSX/a/._IM1', 'b/IM2']));
    const names = [];
    for await (const e of zip.entries()) names.push(e.fileName);
    expect(names).toEqual(['a/IM1', 'b/IM2']);
    expect(zip.count).toBe(2);
    zip.close();
  });

  it('refuses a zip with more entries than the cap before reading any of them', async () => {
    const file = await zipFile(['1', '2', '3', '4']);
    await expect(openZip(file, 3)).rejects.toBeInstanceOf(TooManyEntries);
    const whole = await openZip(file, 4);
    expect(whole.count).toBe(4);
    whole.close();
  });
});
