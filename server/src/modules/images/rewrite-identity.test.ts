import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import iconv from 'iconv-lite';
import { afterAll, describe, expect, it } from 'vitest';
import { buildDicom, type InstanceSpec, TINY_JPEG, TS, uid } from '../../../../tests/support/dicom-builder';
import { dataSetStart, PIXEL_DATA, readDataSet, text } from './dicom-dataset';
import { part10Header } from './part10-header';
import { decodeText } from './dicom-text';
import { NotRewritable, rewriteIdentity } from './rewrite-identity';

const dir = mkdtempSync(path.join(tmpdir(), 'rx-rewrite-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** dcmtk's own reading of the file (a parser nobody here wrote): its dump, in UTF-8. */
function dcmdump(file: Buffer): string {
  const at = path.join(dir, `f${Math.random().toString(36).slice(2)}.dcm`);
  writeFileSync(at, file);
  return execFileSync('dcmdump', ['+U8', '-q', at], { encoding: 'utf8' });
}
const value = (dump: string, tag: string) => new RegExp(`\\(${tag}\\) \\w\\w \\[([^\\]]*)\\]`).exec(dump)?.[1];

const base = (o: Partial<InstanceSpec>): InstanceSpec => ({
  study: uid(1),
  series: uid(1, 2),
  sop: uid(1, 2, 3),
  patientName: '张三',
  patientId: 'P001',
  accession: 'A001',
  rows: 8,
  cols: 8,
  ...o,
});
const MOVE = { studyInstanceUid: uid(9), patientName: '李四', patientId: 'P009', accessionNumber: 'A009' };

describe('rewriteIdentity: an instance moved to another study or patient', () => {
  it.each([
    ['explicit VR, GB18030', base({ charset: 'GB18030', studyDesc: '胸部CT' })],
    ['implicit VR, UTF-8', base({ syntax: 'implicit', charset: 'ISO_IR 192', studyDesc: '胸部CT' })],
    ['JPEG baseline, GBK', base({ syntax: 'jpegBaseline', charset: 'GBK', studyDesc: '胸部CT' })],
  ])('%s: dcmtk reads the new identity, the other text as it was, and the same pixels', (_what, spec) => {
    const before = buildDicom(spec);
    const after = rewriteIdentity(before, MOVE);
    const dump = dcmdump(after);
    expect(value(dump, '0020,000d')).toBe(MOVE.studyInstanceUid);
    expect(value(dump, '0010,0010')).toBe('李四');
    expect(value(dump, '0010,0020')).toBe('P009');
    expect(value(dump, '0008,0050')).toBe('A009');
    expect(value(dump, '0008,1030')).toBe('胸部CT');
    expect(value(dump, '0008,0018')).toBe(spec.sop); // the instance stays itself
    const [a, b] = [readDataSet(before), readDataSet(after)];
    const pa = a.elements.get(PIXEL_DATA)!;
    const pb = b.elements.get(PIXEL_DATA)!;
    if (pa.fragments) {
      expect(b.transferSyntax).toBe(a.transferSyntax);
      expect(pb.fragments!.map((f) => f.toString('hex'))).toEqual(pa.fragments.map((f) => f.toString('hex')));
      expect(pb.fragments![0]!.subarray(0, TINY_JPEG.length).equals(TINY_JPEG)).toBe(true);
    } else {
      expect(pb.value!.equals(pa.value!)).toBe(true);
    }
    // the character set kept: the new name in the file's own bytes
    expect(text(b.elements.get(0x00080005)?.value)).toBe(spec.charset);
  });

  it('a name the file’s character set cannot hold turns the whole file to UTF-8, old text included', () => {
    const latin = base({ charset: '', patientName: 'SMITH^JOHN', studyDesc: 'CHEST CT' });
    const after = rewriteIdentity(buildDicom(latin), { patientName: '王五' });
    const ds = readDataSet(after);
    expect(text(ds.elements.get(0x00080005)?.value)).toBe('ISO_IR 192');
    expect(decodeText(ds.elements.get(0x00100010)!.value!, 'ISO_IR 192')).toBe('王五');
    const dump = dcmdump(after);
    expect(value(dump, '0008,1030')).toBe('CHEST CT');
    // GB18030 holds Ü: that file stays GB18030
    const gb = rewriteIdentity(buildDicom(base({ charset: 'GB18030', studyDesc: '腹部' })), { patientName: 'Ünal' });
    expect(text(readDataSet(gb).elements.get(0x00080005)?.value)).toBe('GB18030');
    expect(iconv.decode(readDataSet(gb).elements.get(0x00100010)!.value!, 'gb18030').trim()).toBe('Ünal');
  });

  it('refuses what it cannot rewrite faithfully, changing nothing', () => {
    const file = buildDicom(base({}));
    const dataSet = file.subarray(dataSetStart(file)!);
    const meta = (transferSyntax: string) =>
      part10Header({ sopClass: '1.2.840.10008.5.1.4.1.1.2', sopInstance: uid(5), transferSyntax, sourceAet: '' });
    for (const syntax of ['1.2.840.10008.1.2.1.99', '1.2.840.10008.1.2.2']) {
      expect(() => rewriteIdentity(Buffer.concat([meta(syntax), dataSet]), MOVE)).toThrow(NotRewritable);
    }
    expect(() => rewriteIdentity(file.subarray(0, 100), MOVE)).toThrow(NotRewritable);
    // the meta's source AE title is kept
    const fromModality = Buffer.concat([
      part10Header({
        sopClass: '1.2.840.10008.5.1.4.1.1.2',
        sopInstance: uid(6),
        transferSyntax: TS.explicit,
        sourceAet: 'CT_ROOM1',
      }),
      dataSet,
    ]);
    expect(value(dcmdump(rewriteIdentity(fromModality, MOVE)), '0002,0016')).toBe('CT_ROOM1');
  });
});
