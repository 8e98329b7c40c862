import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildAck } from './hl7-ack';
import { decodeMessage, encodeMessage, encodingOf } from './charset';
import { eventOf, Refusal } from './hl7-map';
import { buildHl7, Hl7Malformed, parseHl7, parseHl7Time } from './hl7-message';

const fixture = (name: string) => readFileSync(path.resolve('tests/fixtures/hl7', `${name}.hl7`));
const parsed = (name: string) => parseHl7(decodeMessage(fixture(name), 'UNICODE UTF-8').text);
const refusal = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    if (e instanceof Refusal) return e.answer;
    throw e;
  }
  throw new Error('not refused');
};

describe('HL7 character sets', () => {
  it('decodes by MSH-18 (GB18030, UTF-8), else the interface default; unknown names are refused', () => {
    expect(decodeMessage(fixture('ORM_O01'), 'UNICODE UTF-8')).toMatchObject({ charset: 'GB 18030-2000' });
    expect(decodeMessage(fixture('ORM_O01'), 'UNICODE UTF-8').text).toContain('张三^ZHANG SAN');
    const bare = encodeMessage('MSH|^~\\&|HIS|X|RIS|Y|20240501||ADT^A08|1|P|2.4\rPID|1||P1||李四', 'GB 18030-2000');
    expect(decodeMessage(bare, 'GB 18030-2000').text).toContain('李四');
    expect(decodeMessage(bare, 'UNICODE UTF-8').text).not.toContain('李四');
    expect(encodingOf('GB18030')).toBe('gb18030');
    expect(encodingOf('8859/5')).toBe('iso-8859-5');
    expect(encodingOf('ISO IR87')).toBeNull();
  });
});

describe('HL7 messages to order events', () => {
  it('maps ORM^O01: patient, visit, order, procedure, doctor, schedule, escapes', () => {
    const e = eventOf(parsed('ORM_O01'));
    expect(e).toMatchObject({
      kind: 'order',
      action: 'new',
      order: {
        placer_no: 'SQ20240501001',
        accession_no: 'ACC20240501001',
        patient: { id: 'P0012345', name: '张三', sex: 'M', birth_date: '19900101' },
        patient_type: 2,
        department: '内科二病区',
        bed_no: '12',
        modality: 'CT',
        procedure_code: 'CT0101',
        study_desc: '胸部CT平扫',
        sq_doctor: '李医生',
        diagnosis: '咳嗽两周&发热',
      },
    });
    if (e.kind !== 'order') throw new Error('order expected');
    expect(new Date(e.order.scheduled_at)).toEqual(new Date(2024, 4, 1, 9, 0, 0));
  });

  it('maps OMI^O23 (IPC: accession, study UID, modality; TQ1 start)', () => {
    const e = eventOf(parsed('OMI_O23'));
    expect(e).toMatchObject({
      kind: 'order',
      order: {
        accession_no: 'ACC20240501002',
        study_iuid: '1.2.156.112605.20240501.2',
        modality: 'MR',
        patient_type: 1,
      },
    });
  });

  it('maps ADT^A08 to a patient update and ADT^A40 to a merge of the MRG id', () => {
    expect(eventOf(parsed('ADT_A08'))).toMatchObject({ kind: 'patient', patient: { id: 'P0012345', name: '张三丰' } });
    expect(eventOf(parsed('ADT_A40'))).toMatchObject({
      kind: 'merge',
      patient: { id: 'P0012345' },
      from_id: 'P0099887',
    });
  });

  it('refuses what it cannot take, with the HL7 code and a reason', () => {
    const orm = decodeMessage(fixture('ORM_O01'), '').text;
    expect(refusal(() => eventOf(parseHl7(orm.replace('|CT|||^^^', '||||^^^'))))).toMatchObject({
      code: 'AE',
      error: '101',
      text: 'OBR-24 / IPC-5 (modality) is empty',
    });
    expect(refusal(() => eventOf(parseHl7(orm.replace('ORC|NW|', 'ORC|ZZ|'))))).toMatchObject({
      code: 'AR',
      error: '103',
    });
    expect(refusal(() => eventOf(parseHl7(orm.replace('PID|1||P0012345', 'PID|1||'))))).toMatchObject({ error: '101' });
    expect(refusal(() => eventOf(parseHl7(orm.replace('ORM^O01', 'ORU^R01'))))).toMatchObject({
      code: 'AR',
      error: '200',
    });
    expect(refusal(() => eventOf(parseHl7(orm.replace('ORM^O01', 'ADT^A99'))))).toMatchObject({
      code: 'AR',
      error: '201',
    });
    expect(refusal(() => eventOf(parseHl7(orm.replace('19900101', '19901301'))))).toMatchObject({ error: '102' });
    expect(() => parseHl7(orm.replace('|ORM20240501000456|', '||'))).toThrow(Hl7Malformed);
    expect(() => parseHl7('PID|1||X')).toThrow(Hl7Malformed);
  });
});

describe('HL7 building', () => {
  it('escapes delimiters and writes line breaks as \\.br\\; the ACK swaps sender and receiver', () => {
    const header = ['RIS', 'FSK', 'HIS', 'X', '20240101', '', ['ORU', 'R01'], 'C1', 'P', '2.4'];
    const er7 = buildHl7(header, [['OBX', ['1', 'TX', ['59776-5', '所见'], '', 'a|b^c&d~e\\f\nnext']]]);
    expect(er7.split('\r')[1]).toBe('OBX|1|TX|59776-5^所见||a\\F\\b\\S\\c\\T\\d\\R\\e\\E\\f\\.br\\next');
    expect(parseHl7(er7).get('OBX.5')).toBe('a|b^c&d~e\\f\nnext');
    const ack = buildAck(
      parsed('ORM_O01'),
      { code: 'AE', error: '101', text: 'x|y' },
      'GB 18030-2000',
      new Date(2024, 0, 2, 3, 4, 5),
    );
    const [msh, msa, err] = ack.split('\r');
    expect(msh).toMatch(
      /^MSH\|\^~\\&\|RIS\|FSK\|HIS\|XYZYY\|20240102030405\|\|ACK\^O01\^ACK\|\w+\|P\|2\.3\|{6}GB 18030-2000$/,
    );
    expect(msa).toBe('MSA|AE|ORM20240501000456|x\\F\\y');
    expect(err).toBe('ERR|||101^Required field missing^HL70357|E||||x\\F\\y');
  });

  it('reads HL7 times with and without an offset; refuses impossible ones', () => {
    expect(parseHl7Time('20240501')).toEqual(new Date(2024, 4, 1));
    expect(parseHl7Time('202405010930')).toEqual(new Date(2024, 4, 1, 9, 30));
    expect(parseHl7Time('20240501093000+0800')).toEqual(new Date(Date.UTC(2024, 4, 1, 1, 30)));
    expect(parseHl7Time('20240230')).toBeNull();
    expect(parseHl7Time('2024050125')).toBeNull();
    expect(parseHl7Time('yesterday')).toBeNull();
  });
});
