import { describe, expect, it } from 'vitest';
import {
  BadWorklistQuery,
  matchesWorklist,
  parseWorklistQuery,
  textOf,
  wildcardMatch,
  type WorklistItem,
} from './mwl-query';

const item: WorklistItem = {
  patientName: '王小明',
  patientId: 'P001',
  accession: 'ACC1',
  modality: 'CT',
  stationAet: 'CT_ROOM1',
  date: '20260310',
};
const match = (ds: Record<string, unknown>, it: Partial<WorklistItem> = {}) =>
  matchesWorklist(parseWorklistQuery(ds), { ...item, ...it });
const step = (o: Record<string, unknown>) => ({ ScheduledProcedureStepSequence: [o] });

describe('worklist matching (PS3.4 C.2.2.2)', () => {
  it('wildcards: * any run, ? one character, the whole value, regex characters literal', () => {
    expect(wildcardMatch('王*', '王小明')).toBe(true);
    expect(wildcardMatch('?小明', '王小明')).toBe(true);
    expect(wildcardMatch('?明', '王小明')).toBe(false);
    expect(wildcardMatch('a.c', 'abc')).toBe(false);
    expect(wildcardMatch('ZHANG*', 'zhang san', true)).toBe(true);
    expect(wildcardMatch('ZHANG*', 'zhang san')).toBe(false);
  });

  it('universal matching: empty values and * match everything', () => {
    expect(match({ PatientName: [], PatientID: '', AccessionNumber: '*' })).toBe(true);
    expect(match(step({ Modality: '', ScheduledProcedureStepStartDate: '' }))).toBe(true);
  });

  it('patient name: case-insensitive, ^ and = groups against the display name, Chinese', () => {
    expect(match({ PatientName: [{ Alphabetic: '王小明' }] })).toBe(true);
    expect(match({ PatientName: [{ Alphabetic: '王*' }] })).toBe(true);
    expect(match({ PatientName: [{ Alphabetic: '李*' }] })).toBe(false);
    expect(match({ PatientName: [{ Alphabetic: 'Wang^Xiaoming', Ideographic: '王^小明' }] })).toBe(true);
    expect(match({ PatientName: [{ Alphabetic: 'zhang^san' }] }, { patientName: 'Zhang San' })).toBe(true);
    expect(match({ PatientName: [{ Alphabetic: 'ZH*' }] }, { patientName: 'Zhang San' })).toBe(true);
  });

  it('single values and wildcards on IDs, accession, modality, station', () => {
    expect(match({ PatientID: 'P001' })).toBe(true);
    expect(match({ PatientID: 'P00' })).toBe(false);
    expect(match({ PatientID: 'P0?1' })).toBe(true);
    expect(match({ AccessionNumber: 'ACC*' })).toBe(true);
    expect(match({ AccessionNumber: 'acc1' })).toBe(false);
    expect(match(step({ Modality: 'CT' }))).toBe(true);
    expect(match(step({ Modality: 'MR' }))).toBe(false);
    expect(match(step({ ScheduledStationAETitle: 'CT_ROOM1' }))).toBe(true);
    expect(match(step({ ScheduledStationAETitle: 'CT_*' }))).toBe(true);
    expect(match(step({ ScheduledStationAETitle: 'MR_ROOM' }))).toBe(false);
  });

  it('scheduled date: single, closed range, open ends; not a date is refused', () => {
    const on = (v: string) => match(step({ ScheduledProcedureStepStartDate: v }));
    expect(on('20260310')).toBe(true);
    expect(on('20260311')).toBe(false);
    expect(on('20260301-20260331')).toBe(true);
    expect(on('20260311-20260331')).toBe(false);
    expect(on('-20260310')).toBe(true);
    expect(on('20260310-')).toBe(true);
    expect(on('20260311-')).toBe(false);
    expect(on('20260310 ')).toBe(true); // padded as received
    for (const bad of ['2026-03', '-', 'today', '20260301-2026'])
      expect(() => parseWorklistQuery(step({ ScheduledProcedureStepStartDate: bad }))).toThrow(BadWorklistQuery);
  });

  it('return keys: the top-level keys and the step keys asked; an empty sequence asks the whole step', () => {
    const q = parseWorklistQuery({
      _vrMap: {},
      SpecificCharacterSet: 'ISO_IR 192',
      PatientName: [],
      ...step({ Modality: '' }),
    });
    expect(q.keys).toEqual(['PatientName']);
    expect(q.stepKeys).toEqual(['Modality']);
    expect(parseWorklistQuery({ ScheduledProcedureStepSequence: [] }).stepKeys).toEqual([]);
    expect(parseWorklistQuery({ PatientID: '' }).stepKeys).toBeNull();
  });

  it('textOf reads strings, PN objects and lists', () => {
    expect(textOf([{ Alphabetic: 'A^B', Ideographic: '甲^乙' }])).toBe('A^B=甲^乙');
    expect(textOf(['CT '])).toBe('CT');
    expect(textOf(undefined)).toBe('');
    expect(textOf('1.2.3\0')).toBe('1.2.3');
  });
});
