import { LONG_VRS, type Element } from './dicom-dataset';

const UNDEFINED = 0xffffffff;
const VALID_VR = /^[A-Z]{2}$/;

function tagBytes(tag: number, into: Buffer) {
  into.writeUInt16LE(tag >>> 16, 0);
  into.writeUInt16LE(tag & 0xffff, 2);
}

/** One element header in explicit VR little endian; a short VR whose value outgrows 16 bits becomes UN. */
export function explicitHeader(tag: number, vr: string, length: number): Buffer {
  let v = VALID_VR.test(vr) ? vr : 'UN';
  if (!LONG_VRS.has(v) && length > 0xffff) v = 'UN';
  const long = LONG_VRS.has(v);
  const head = Buffer.alloc(long ? 12 : 8);
  tagBytes(tag, head);
  head.write(v, 4, 'latin1');
  if (long) head.writeUInt32LE(length, 8);
  else head.writeUInt16LE(length, 6);
  return head;
}

function delimiter(tag: number): Buffer {
  const b = Buffer.alloc(8);
  tagBytes(tag, b);
  return b;
}

/**
 * Elements (as read by readDataSet, their values views into the stored file) written in explicit VR little
 * endian: values as they are, sequences and items with undefined lengths. Encapsulated pixel data is left out
 * (an icon's, inside a sequence: it has no meaning outside its compressed syntax); the caller writes the
 * top-level pixel data itself.
 */
export function* explicitElements(elements: Iterable<Element>): Generator<Buffer> {
  for (const e of elements) {
    if (e.fragments) continue;
    if (e.items) {
      yield explicitHeader(e.tag, 'SQ', UNDEFINED);
      for (const item of e.items) {
        const head = delimiter(0xfffee000);
        head.writeUInt32LE(UNDEFINED, 4);
        yield head;
        yield* explicitElements(item);
        yield delimiter(0xfffee00d);
      }
      yield delimiter(0xfffee0dd);
      continue;
    }
    const value = e.value ?? Buffer.alloc(0);
    yield explicitHeader(e.tag, e.vr, value.length);
    yield value;
  }
}
