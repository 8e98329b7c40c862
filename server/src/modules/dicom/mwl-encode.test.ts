import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { Dataset } from './dimse';
import { answerCharset } from './mwl';
import { originalCharset } from './mwl-charset';
import { EncodedDataset, encodeElements, type Element } from './mwl-encode';
import { EXPLICIT_LE, IMPLICIT_LE } from './syntaxes';

const answer: Element[] = [
  { tag: 0x00100010, vr: 'PN', value: '王小明' },
  { tag: 0x00080005, vr: 'CS', value: 'GB18030' },
  { tag: 0x00400100, vr: 'SQ', value: [[{ tag: 0x00080060, vr: 'CS', value: 'CT' }]] },
];

describe('worklist answer encoding', () => {
  it('encodes text in the answer character set, read back by dcmjs-dimse (implicit and explicit VR)', () => {
    for (const syntax of [IMPLICIT_LE, EXPLICIT_LE]) {
      const bytes = encodeElements(answer, syntax, 'gb18030');
      expect(bytes.includes(iconv.encode('王小明', 'gb18030'))).toBe(true);
      const back = new Dataset(bytes, syntax).getElements() as Record<string, unknown>;
      expect(back.PatientName).toEqual([{ Alphabetic: '王小明' }]);
      expect(back.ScheduledProcedureStepSequence).toMatchObject([{ Modality: 'CT' }]);
      // elements in tag order, even lengths
      expect(bytes.readUInt16LE(2)).toBe(0x0005);
      expect(bytes.length % 2).toBe(0);
    }
  });

  it('the Dataset sends our bytes in its transfer syntax', () => {
    const ds = new EncodedDataset(answer, 'utf8', EXPLICIT_LE);
    expect(ds.getDenaturalizedDataset().includes(Buffer.from('王小明'))).toBe(true);
    expect(ds.getDenaturalizedDataset().subarray(4, 6).toString()).toBe('CS');
  });

  it("keeps the query's own character set, which dcmjs rewrites to ISO_IR 192", () => {
    const query = encodeElements(
      [
        { tag: 0x00080005, vr: 'CS', value: 'GB18030' },
        { tag: 0x00100010, vr: 'PN', value: '李*' },
      ],
      IMPLICIT_LE,
      'gb18030',
    );
    const elements = new Dataset(query, IMPLICIT_LE).getElements();
    expect(elements.SpecificCharacterSet).toBe('ISO_IR 192');
    expect(originalCharset(elements)).toEqual(['GB18030']);
    expect(elements.PatientName).toEqual([{ Alphabetic: '李*' }]);
    expect(originalCharset(new Dataset({}, IMPLICIT_LE).getElements())).toEqual([]);
  });

  it('answers in the asked set, else ASCII when enough, else UTF-8', () => {
    const ascii = [{ patient_name: 'Zhang San', study_desc: 'CT', sq_doctor: '' }];
    const cjk = [{ patient_name: '王小明', study_desc: '', sq_doctor: '' }];
    expect(answerCharset(['GB18030'], cjk)).toBe('GB18030');
    expect(answerCharset(['GBK'], cjk)).toBe('GBK');
    expect(answerCharset(['ISO_IR 192'], ascii)).toBe('ISO_IR 192');
    expect(answerCharset([], ascii)).toBe('');
    expect(answerCharset([], cjk)).toBe('ISO_IR 192');
    expect(answerCharset(['ISO_IR 100'], cjk)).toBe('ISO_IR 192');
  });
});
