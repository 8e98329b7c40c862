import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildDicom, uid, zipOf } from '../../../../tests/support/dicom-builder';
import { zipOfZeros } from '../../../../tests/support/zip-bomb';
import {
  EntryTooLarge,
  InflateBudgetSpent,
  NotDicomEntry,
  openZip,
  SuspectedZipBomb,
  TooManyEntries,
  UnsafeEntryName,
  type EntryLimits,
} from './zip-entries';

const dir = await mkdtemp(path.join(os.tmpdir(), 'zip-entries-'));
afterAll(() => rm(dir, { recursive: true, force: true }));

async function zipFile(entries: { name: string; data: Buffer }[] | Buffer, compress = true) {
  const file = path.join(dir, `${Math.random()}.zip`);
  await writeFile(file, Buffer.isBuffer(entries) ? entries : await zipOf(entries, compress));
  return file;
}
const named = (names: string[]) => names.map((name) => ({ name, data: Buffer.from(name) }));
const limits = (o: Partial<EntryLimits> = {}): EntryLimits => ({
  maxBytes: 256 << 20,
  maxRatio: 100,
  tinyBytes: 1 << 20,
  budget: { left: 1 << 30 },
  ...o,
});
const ct = buildDicom({ study: uid(1), series: uid(1, 1), sop: uid(1, 1, 1), rows: 8, cols: 8 });

describe('openZip', () => {
  it('lists the entries that may be instances, leaving out directories, macOS forks and dot-files', async () => {
    const zip = await openZip(await zipFile(named(['a/IM1', 'a/.DS_Store', '__MACOSX/a/._IM1', 'b/IM2'])));
    const names = [];
    for await (const e of zip.entries()) names.push(e.fileName);
    expect(names).toEqual(['a/IM1', 'b/IM2']);
    expect(zip.count).toBe(2);
    expect(zip.declaredBytes).toBe('a/IM1'.length + 'b/IM2'.length);
    zip.close();
  });

  it('refuses a zip with more entries than the cap before reading any of them', async () => {
    const file = await zipFile(named(['1', '2', '3', '4']));
    await expect(openZip(file, 3)).rejects.toBeInstanceOf(TooManyEntries);
    const whole = await openZip(file, 4);
    expect(whole.count).toBe(4);
    whole.close();
  });

  it('names an entry that leads outside its folder', async () => {
    // yazl will not write such a name: the bytes of a harmless one are changed in place.
    const zip = await zipOf(named(['ok.dcm', 'xx/evil.dcm']));
    const bad = Buffer.from(zip.toString('latin1').replaceAll('xx/evil', '../evil'), 'latin1');
    const err = await openZip(await zipFile(bad)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UnsafeEntryName);
    expect((err as UnsafeEntryName).entryName).toBe('../evil.dcm');
  });
});

describe('ZipReader.stage', () => {
  const stageOnly = async (zipPath: string, l: EntryLimits) => {
    const zip = await openZip(zipPath);
    const out = path.join(dir, `${Math.random()}.dcm`);
    try {
      for await (const e of zip.entries()) return { size: await zip.stage(e, out, l), out };
      throw new Error('no entry');
    } finally {
      zip.close();
    }
  };

  it('inflates a DICOM entry into its file, counting it against the budget', async () => {
    const l = limits();
    const { size, out } = await stageOnly(await zipFile([{ name: 'IM1', data: ct }]), l);
    expect(size).toBe(ct.length);
    expect(await readFile(out)).toEqual(ct);
    expect(l.budget.left).toBe((1 << 30) - ct.length);
  });

  it('stops a non-DICOM entry at its first bytes: 64 MiB of zeros inflate no further than a few KiB', async () => {
    const l = limits({ maxRatio: 1_000_000 });
    const file = await zipFile(zipOfZeros({ count: 1, zeros: 64 << 20 }));
    await expect(stageOnly(file, l)).rejects.toBeInstanceOf(NotDicomEntry);
    expect((1 << 30) - l.budget.left).toBeLessThan(256 << 10);
    expect((await readdir(dir)).filter((f) => f.endsWith('.dcm'))).toHaveLength(1); // only the DICOM test's
  });

  it('refuses, before inflating, an entry whose ratio passes the limit, one over the budget and one too large', async () => {
    const bomb = await zipFile(zipOfZeros({ count: 1, zeros: 8 << 20, head: ct }));
    const l = limits();
    await expect(stageOnly(bomb, l)).rejects.toBeInstanceOf(SuspectedZipBomb);
    expect(l.budget.left).toBe(1 << 30);
    await expect(stageOnly(bomb, limits({ maxRatio: 1_000_000, budget: { left: 1 << 20 } }))).rejects.toBeInstanceOf(
      InflateBudgetSpent,
    );
    await expect(stageOnly(bomb, limits({ maxRatio: 1_000_000, maxBytes: 1 << 20 }))).rejects.toBeInstanceOf(
      EntryTooLarge,
    );
    // A tiny entry is never a bomb, whatever its ratio (a blank slice compresses very well).
    const blank = await zipFile(zipOfZeros({ count: 1, zeros: 512 << 10, head: ct }));
    expect((await stageOnly(blank, limits())).size).toBe(ct.length + (512 << 10));
  });
});
