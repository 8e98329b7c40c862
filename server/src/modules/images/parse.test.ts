import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { buildDicom, truncate, uid } from '../../../../tests/support/dicom-builder';
import { decodeText, displayName } from './dicom-text';
import { BadDicom, parseInstance } from './parse';

const base = { study: uid(9), series: uid(9, 1), sop: uid(9, 1, 1) };
const reason = (f: () => unknown) => {
  try {
    f();
  } catch (err) {
    return err instanceof BadDicom ? err.key : String(err);
  }
  return 'no error';
};

describe('parseInstance', () => {
  it.each(['GB18030', 'GBK', 'ISO_IR 192'] as const)('decodes a Chinese name and description in %s', (charset) => {
    const m = parseInstance(buildDicom({ ...base, charset, patientName: '张^三丰', studyDesc: '胸部CT平扫' }));
    expect(m.patient.patient_name).toBe('张三丰');
    expect(m.patient.study_desc).toBe('胸部CT平扫');
  });

  it('reads undeclared GBK bytes as GB18030 and undeclared UTF-8 as UTF-8, not as Latin-1', () => {
    expect(decodeText(iconv.encode('李四 ', 'gbk'), '')).toBe('李四');
    expect(decodeText(Buffer.from('王五 ', 'utf8'), '')).toBe('王五');
    expect(decodeText(Buffer.from('Smith^John', 'latin1'), '')).toBe('Smith^John');
  });

  it('drops a NUL inside a value as well as the padding (the database cannot store it; the file keeps it)', () => {
    expect(decodeText(Buffer.from('Li\u0000Si^\u0000 \u0000', 'latin1'), '')).toBe('LiSi^');
    expect(decodeText(Buffer.from('1.2.3\u0000', 'latin1'), '')).toBe('1.2.3');
  });

  it('decodes ISO 2022 IR 58 (GB2312 behind escape sequences)', () => {
    const bytes = Buffer.concat([Buffer.from('\x1b$)A', 'latin1'), iconv.encode('赵六', 'gb2312')]);
    expect(decodeText(bytes, '\\ISO 2022 IR 58')).toBe('赵六');
  });

  it('takes implicit and explicit VR, and keeps a JPEG baseline syntax as it is', () => {
    const implicit = parseInstance(
      buildDicom({ ...base, syntax: 'implicit', charset: 'GB18030', patientName: '张三' }),
    );
    expect(implicit).toMatchObject({ transfer_syntax: '1.2.840.10008.1.2', rows: 512, cols: 512, modality: 'CT' });
    expect(implicit.patient).toMatchObject({ patient_name: '张三', patient_age: '45Y', patient_sex: 'M' });
    const jpeg = parseInstance(buildDicom({ ...base, syntax: 'jpegBaseline' }));
    expect(jpeg).toMatchObject({ transfer_syntax: '1.2.840.10008.1.2.4.50', rows: 16, frame_count: 1 });
  });

  it('keeps an explicit O (other) and leaves an empty or absent sex empty (not known)', () => {
    const sex = (v: string) => parseInstance(buildDicom({ ...base, sex: v })).patient.patient_sex;
    expect(['M', 'F', 'O', '', 'X'].map(sex)).toEqual(['M', 'F', 'O', '', '']);
  });

  it('names a truncated file (native and encapsulated pixels) and a file that is not DICOM', () => {
    expect(reason(() => parseInstance(truncate(buildDicom(base))))).toBe('imgTruncated');
    expect(reason(() => parseInstance(truncate(buildDicom({ ...base, syntax: 'jpegBaseline' }), 0.95)))).toBe(
      'imgTruncated',
    );
    expect(reason(() => parseInstance(Buffer.from('hello, not an image')))).toBe('imgNotDicom');
    expect(reason(() => parseInstance(buildDicom({ ...base, sop: '1.2.abc' })))).toBe('imgBadUid');
  });

  it('shows the ideographic group of a person name when there is one', () => {
    expect(displayName('Zhang^San=张^三')).toBe('张三');
    expect(displayName('Doe^John')).toBe('Doe John');
  });
});
