import { readMeta } from './dicom-dataset';

/** A file meta longer than this is not one (a real one is a few hundred bytes). */
const META_MAX = 64 * 1024;
/** Preamble (128), `DICM` (4), then (0002,0000) UL in explicit VR: tag 4, VR 2, length 2, value 4. */
const GROUP_LENGTH_END = 144;

/**
 * Checks a Part 10 head as the bytes of a file arrive: the 128-byte preamble, `DICM`, and the whole group-2
 * file meta (its group length, then elements that name a transfer syntax). `push` answers false as soon as
 * the head is wrong, true once it has been found right, undefined while more bytes are needed; only the
 * head's bytes are kept.
 */
export function part10Check() {
  let kept: Buffer[] = [];
  let have = 0;
  let verdict: boolean | undefined;
  return {
    push(chunk: Buffer): boolean | undefined {
      if (verdict !== undefined) return verdict;
      kept.push(chunk);
      have += chunk.length;
      if (have < GROUP_LENGTH_END) return undefined;
      const head = Buffer.concat(kept, have);
      kept = [head];
      if (head.toString('latin1', 128, 132) !== 'DICM') return (verdict = false);
      // (0002,0000) where the parser looks for it (dicom-dataset.ts dataSetStart).
      if (head.readUInt16LE(132) !== 0x0002 || head.readUInt16LE(134) !== 0) return (verdict = false);
      const metaEnd = GROUP_LENGTH_END + head.readUInt32LE(140);
      if (metaEnd - GROUP_LENGTH_END > META_MAX) return (verdict = false);
      if (have < metaEnd) return undefined;
      try {
        verdict = readMeta(head.subarray(0, metaEnd)).transferSyntax !== '';
      } catch {
        verdict = false;
      }
      kept = [];
      return verdict;
    },
    /** The whole head was seen and found right (false for a file that ended before its head did). */
    done: () => verdict === true,
  };
}
