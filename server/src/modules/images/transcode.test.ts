import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dcmtkEncode, makeSamples, SOURCES, type Sample } from '../../../../tests/support/codec-samples';
import { pixelDicom } from '../../../../tests/support/pixel-dicom';
import { PIXEL_DATA, readDataSet, text } from './dicom-dataset';
import { attributesOf, RenderRefused } from './render-frames';
import { EXPLICIT_LE, explicitPart10, nativeFrame } from './transcode';

/**
 * Transcoding to explicit VR little endian: every compressed syntax the archive takes comes back as the native
 * pixels it was made from (exactly, for the lossless ones), in a Part 10 file dcmtk reads.
 */
let samples: Sample[] = [];
const dir = mkdtempSync(join(tmpdir(), 'transcode-'));
beforeAll(() => {
  samples = makeSamples();
}, 60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const ids = { study: '1.2.3', series: '1.2.3.4', sop: '1.2.3.4.5' };
const bytes = async (it: AsyncIterable<Buffer>) => {
  const parts: Buffer[] = [];
  for await (const b of it) parts.push(b);
  return Buffer.concat(parts);
};
const pixelsOf = (file: Buffer) => readDataSet(file).elements.get(PIXEL_DATA)!.value!;
const meanDiff = (a: Buffer, b: Buffer) => {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i]! - b[i]!);
  return sum / a.length;
};

/** dcmtk reads the file through and states its transfer syntax (a malformed file makes dcmdump fail). */
function dcmdump(file: Buffer, name: string): string {
  const path = join(dir, `${name}.dcm`);
  writeFileSync(path, file);
  return execFileSync('dcmdump', ['-q', '+E', '-M', path], { encoding: 'latin1' });
}

describe('transcoding to explicit VR little endian', () => {
  it('gives the native pixels back for every syntax, in a file dcmtk reads', async () => {
    const seen = new Set<string>();
    for (const [i, s] of samples.entries()) {
      const label = `${s.source.name} ${s.encoding.syntax}`;
      const out = await bytes(await explicitPart10(readDataSet(s.compressed)));
      const ds = readDataSet(out);
      expect(ds.transferSyntax, label).toBe(EXPLICIT_LE);
      const dump = dcmdump(out, `out-${i}`);
      expect(dump, label).toContain('(0002,0010) UI =LittleEndianExplicit');
      expect(dump, label).toMatch(/\(7fe0,0010\) O[BW]/);
      const want = pixelsOf(s.native);
      const got = ds.elements.get(PIXEL_DATA)!.value!;
      expect(got.length, label).toBe(want.length);
      if (s.encoding.lossy) expect(meanDiff(got, want), label).toBeLessThan(8);
      else expect(got.equals(want), label).toBe(true);
      // the attributes stay, the photometric names the decoded colour
      expect(text(ds.elements.get(0x00100010)?.value), label).toBe(
        text(readDataSet(s.native).elements.get(0x00100010)?.value),
      );
      if ((s.source.spec.samples ?? 1) === 3) expect(text(ds.elements.get(0x00280004)?.value), label).toBe('RGB');
      seen.add(s.encoding.syntax);
    }
    expect(seen.size).toBe(8);
  }, 60_000);

  it('a frame alone: decoded from a multi-frame RLE instance by its number', async () => {
    const grey = SOURCES.find((s) => s.name === '8-bit grey')!;
    const one = grey.spec.pixels!;
    const two = Buffer.from(one.map((v) => 255 - v));
    const rle = readDataSet(
      dcmtkEncode(pixelDicom({ ...ids, ...grey.spec, frames: 2, pixels: Buffer.concat([one, two]) }), 'dcmcrle'),
    );
    expect((await nativeFrame(rle, attributesOf(rle), 2)).data.equals(two)).toBe(true);
    const whole = readDataSet(await bytes(await explicitPart10(rle)));
    expect(whole.elements.get(PIXEL_DATA)!.value!.equals(Buffer.concat([one, two]))).toBe(true);
    expect(text(whole.elements.get(0x00280008)?.value)).toBe('2');
  });

  it('implicit VR becomes explicit with the dictionary VRs, values untouched', async () => {
    const implicit = pixelDicom({ ...ids, ...SOURCES[2]!.spec, syntax: '1.2.840.10008.1.2' });
    const out = await bytes(await explicitPart10(readDataSet(implicit)));
    const [a, b] = [readDataSet(implicit), readDataSet(out)];
    expect(b.explicit).toBe(true);
    expect([...b.elements.keys()]).toEqual([...a.elements.keys()]);
    for (const [tag, e] of a.elements)
      expect(b.elements.get(tag)!.value?.equals(e.value!), tag.toString(16)).toBe(true);
    expect(dcmdump(out, 'implicit')).toContain('(0028,0010) US 96');
  });

  it('a frame that does not decode is refused before anything is written', async () => {
    const ds = readDataSet(
      pixelDicom({
        ...ids,
        syntax: '1.2.840.10008.1.2.4.70',
        rows: 8,
        cols: 8,
        jpegFrames: [Buffer.from('not a frame!')],
      }),
    );
    await expect(explicitPart10(ds)).rejects.toBeInstanceOf(RenderRefused);
  });
});
