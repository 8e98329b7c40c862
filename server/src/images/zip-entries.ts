import yauzl from 'yauzl';

export interface ZipReader {
  /** Entries that may be instances (directories, macOS resource forks and dot-files left out). */
  count: number;
  entries(): AsyncGenerator<yauzl.Entry>;
  /** One entry's bytes (one instance), refusing more than `max`; a damaged entry (CRC, size) throws. */
  read(entry: yauzl.Entry, max: number): Promise<Buffer>;
  close(): void;
}

export class EntryTooLarge extends Error {}
/** More entries than an upload takes (the entry list is held in memory while the zip is read). */
export class TooManyEntries extends Error {}

/** Far above a study's images (a large CT has a few thousand), far below what would strain memory. */
export const ZIP_MAX_ENTRIES = 100_000;

const skipped = (name: string) =>
  name.endsWith('/') || name.startsWith('__MACOSX/') || (name.split('/').pop() ?? '').startsWith('.');

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
    zip.on('error', reject);
    zip.readEntry();
  });
  return {
    count: all.length,
    async *entries() {
      yield* all;
    },
    async read(entry, max) {
      if (entry.uncompressedSize > max) throw new EntryTooLarge();
      const stream = await new Promise<NodeJS.ReadableStream>((resolve, reject) =>
        zip.openReadStream(entry, (err, s) => (err || !s ? reject(err ?? new Error('no stream')) : resolve(s))),
      );
      const chunks: Buffer[] = [];
      let seen = 0;
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        seen += chunk.length;
        if (seen > max) throw new EntryTooLarge();
        chunks.push(chunk);
      }
      return Buffer.concat(chunks, seen);
    },
    close: () => zip.close(),
  };
}
