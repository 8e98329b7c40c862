import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { buildDicom, uid } from '../../../../tests/support/dicom-builder';
import { explicitToImplicit } from './explicit-to-implicit';
import { dataSetOf, NotPart10 } from './scu-dataset';

const collect = async (chunks: Buffer[]) => {
  const out: Buffer[] = [];
  for await (const c of dataSetOf(Readable.from(chunks))) out.push(c);
  return Buffer.concat(out);
};

/** An explicit VR little endian element. */
function el(group: number, element: number, vr: string, value: Buffer) {
  const long = ['OB', 'OW', 'SQ', 'UN', 'UT'].includes(vr);
  const head = Buffer.alloc(long ? 12 : 8);
  head.writeUInt16LE(group, 0);
  head.writeUInt16LE(element, 2);
  head.write(vr, 4, 'ascii');
  if (long) head.writeUInt32LE(value.length, 8);
  else head.writeUInt16LE(value.length, 6);
  return Buffer.concat([head, value]);
}
function implicit(group: number, element: number, length: number, value = Buffer.alloc(0)) {
  const head = Buffer.alloc(8);
  head.writeUInt16LE(group, 0);
  head.writeUInt16LE(element, 2);
  head.writeUInt32LE(length, 4);
  return Buffer.concat([head, value]);
}
const item = (content: Buffer) => Buffer.concat([implicit(0xfffe, 0xe000, content.length), content]);

describe('dataSetOf', () => {
  const file = buildDicom({ study: uid(90), series: uid(90, 1), sop: uid(90, 1, 1), rows: 8, cols: 8 });
  const metaEnd = 144 + file.readUInt32LE(140);

  it('skips the preamble and meta group whatever the chunking', async () => {
    const whole = file.subarray(metaEnd);
    expect(await collect([file])).toEqual(whole);
    const bytes = [...Array(file.length).keys()].map((i) => file.subarray(i, i + 1));
    expect(await collect(bytes)).toEqual(whole);
    expect(await collect([file.subarray(0, 150), file.subarray(150, metaEnd + 3), file.subarray(metaEnd + 3)])).toEqual(
      whole,
    );
  });

  it('refuses what is not Part 10', async () => {
    await expect(collect([Buffer.alloc(300)])).rejects.toBeInstanceOf(NotPart10);
    await expect(collect([file.subarray(0, 100)])).rejects.toBeInstanceOf(NotPart10);
  });
});

describe('explicitToImplicit', () => {
  it('drops the VRs, keeps the values, writes sequences and items with undefined lengths', () => {
    const name = Buffer.from('Zhang^San ');
    const code = Buffer.from('T-D1100 ');
    const seq = el(0x0008, 0x1110, 'SQ', item(el(0x0008, 0x0100, 'SH', code)));
    const pixels = Buffer.from([1, 0, 2, 0]);
    const input = Buffer.concat([el(0x0010, 0x0010, 'PN', name), seq, el(0x7fe0, 0x0010, 'OW', pixels)]);
    expect(explicitToImplicit(input)).toEqual(
      Buffer.concat([
        implicit(0x0010, 0x0010, name.length, name),
        implicit(0x0008, 0x1110, 0xffffffff),
        implicit(0xfffe, 0xe000, 0xffffffff),
        implicit(0x0008, 0x0100, code.length, code),
        implicit(0xfffe, 0xe00d, 0),
        implicit(0xfffe, 0xe0dd, 0),
        implicit(0x7fe0, 0x0010, pixels.length, pixels),
      ]),
    );
  });

  it('refuses a cut-short data set', () => {
    const input = el(0x0010, 0x0010, 'PN', Buffer.from('Zhang^San '));
    expect(() => explicitToImplicit(input.subarray(0, input.length - 2))).toThrow(/cut short/);
  });
});
