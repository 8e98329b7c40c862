import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yauzl from 'yauzl';
import { part10Check } from './part10-head';

export interface ZipReader {
  /** Entries that may be instances (directories, macOS resource forks and dot-files left out). */
  count: number;
  /** What those entries inflate to, by the central directory (yauzl holds each entry to its declared size). */
  declaredBytes: number;
  entries(): AsyncGenerator<yauzl.Entry>;
  /**
   * Inflates one entry into `file` as a stream, checking its Part 10 head before the rest is inflated and
   * counting every inflated byte against the limits; on a refusal the inflating stops and `file` is removed.
   */
  stage(entry: yauzl.Entry, file: string, limits: EntryLimits): Promise<number>;
  close(): void;
}

export interface EntryLimits {
  /** The largest instance taken. */
  maxBytes: number;
  /** Inflated:compressed above this is refused as a suspected zip bomb... */
  maxRatio: number;
  /** ...unless the entry inflates to no more than this. */
  tinyBytes: number;
  /** Inflated bytes this upload may still use (shared by its entries; decreased as they inflate). */
  budget: { left: number };
}

export class EntryTooLarge extends Error {}
/** More entries than an upload takes (the entry list is held in memory while the zip is read). */
export class TooManyEntries extends Error {}
/** An entry name that leads outside its folder (`../`, an absolute path): the zip is refused whole. */
export class UnsafeEntryName extends Error {
  constructor(readonly entryName: string) {
    super('unsafe zip entry name');
  }
}
/** No Part 10 head (128-byte preamble, `DICM`, the group-2 file meta): refused before the rest is inflated. */
export class NotDicomEntry extends Error {}
/** Inflates far more than it takes in the zip (see EntryLimits.maxRatio). */
export class SuspectedZipBomb extends Error {}
/** The upload's inflated bytes would pass its budget. */
export class InflateBudgetSpent extends Error {}

/** Far above a study's images (a large CT has a few thousand), far below what would strain memory. */
export const ZIP_MAX_ENTRIES = 100_000;

const skipped = (name: string) =>
  name.endsWith('/') || name.startsWith('__MACOSX/') || (name.split('/').pop() ?? '').startsWith('.');

/** yauzl's own refusals of an entry name (validateFileName): the name follows the colon. */
const UNSAFE_NAME = /^(absolute path|invalid relative path|invalid characters in fileName): (.*)$/s;

/** Opens a zip from disk (yauzl reads the central directory and each entry as a stream; nothing whole in memory). */
export async function openZip(file: string, maxEntries = ZIP_MAX_ENTRIES): Promise<ZipReader> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(
      file,
      { lazyEntries: true, autoClose: false, validateEntrySizes: true, strictFileNames: false },
      (err, z) => (err || !z ? reject(err ?? new Error('no zip')) : resolve(z)),
    ),
  );
  const all: yauzl.Entry[] = [];
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (e: yauzl.Entry) => {
      if (!skipped(e.fileName)) all.push(e);
      if (all.length > maxEntries) {
        zip.close();
        reject(new TooManyEntries());
        return;
      }
      zip.readEntry();
    });
    zip.on('end', resolve);
    zip.on('error', (err: Error) => {
      const unsafe = UNSAFE_NAME.exec(err.message);
      reject(unsafe ? new UnsafeEntryName(unsafe[2]!) : err);
    });
    zip.readEntry();
  });
  return {
    count: all.length,
    declaredBytes: all.reduce((sum, e) => sum + e.uncompressedSize, 0),
    async *entries() {
      yield* all;
    },
    async stage(entry, file, limits) {
      checkDeclared(entry, limits);
      const stream = await new Promise<Readable>((resolve, reject) =>
        zip.openReadStream(entry, (err, s) => (err || !s ? reject(err ?? new Error('no stream')) : resolve(s))),
      );
      let size = 0;
      const head = part10Check();
      const out = createWriteStream(file);
      try {
        await pipeline(
          stream,
          async function* (source: AsyncIterable<Buffer>) {
            for await (const chunk of source) {
              size += chunk.length;
              limits.budget.left -= chunk.length;
              // yauzl already stops an entry that inflates past its declared size: these are the second line.
              if (size > limits.maxBytes) throw new EntryTooLarge();
              if (limits.budget.left < 0) throw new InflateBudgetSpent();
              const ok = head.push(chunk);
              if (ok === false) throw new NotDicomEntry();
              yield chunk;
            }
            if (!head.done()) throw new NotDicomEntry();
          },
          out,
        );
      } catch (err) {
        // A write stream destroyed while its file is still being opened creates the file afterwards: wait for it.
        if (!out.closed) await once(out, 'close').catch(() => undefined);
        await rm(file, { force: true });
        throw err;
      }
      return size;
    },
    close: () => zip.close(),
  };
}

/** Refusals by the central directory's sizes, before a byte is inflated (yauzl holds the entry to them). */
function checkDeclared(entry: yauzl.Entry, limits: EntryLimits) {
  const { uncompressedSize: out, compressedSize: inZip } = entry;
  if (out > limits.maxBytes) throw new EntryTooLarge();
  if (out > limits.tinyBytes && out > Math.max(inZip, 1) * limits.maxRatio) throw new SuspectedZipBomb();
  if (out > limits.budget.left) throw new InflateBudgetSpent();
}
