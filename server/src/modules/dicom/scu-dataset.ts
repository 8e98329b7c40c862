import type { Readable } from 'node:stream';

export class NotPart10 extends Error {}

/**
 * The data set of a stored Part 10 file as a stream of chunks: the 128-byte preamble, DICM and the file meta
 * group (its length read from (0002,0000)) are skipped; what follows is passed on untouched.
 */
export async function* dataSetOf(file: Readable): AsyncGenerator<Buffer> {
  let head = Buffer.alloc(0);
  let skip = -1;
  for await (const chunk of file as AsyncIterable<Buffer>) {
    if (skip < 0) {
      head = Buffer.concat([head, chunk]);
      if (head.length < 144) continue;
      if (head.toString('latin1', 128, 132) !== 'DICM' || head.readUInt32LE(132) !== 0x00000002)
        throw new NotPart10('not a DICOM Part 10 file');
      skip = 144 + head.readUInt32LE(140);
      if (head.length <= skip) {
        skip -= head.length;
        continue;
      }
      const rest = head.subarray(skip);
      skip = 0;
      yield rest;
      continue;
    }
    if (skip > 0) {
      if (chunk.length <= skip) {
        skip -= chunk.length;
        continue;
      }
      const rest = chunk.subarray(skip);
      skip = 0;
      yield rest;
      continue;
    }
    yield chunk;
  }
  if (skip < 0) throw new NotPart10('not a DICOM Part 10 file');
}
