import { describe, expect, it } from 'vitest';
import { parseQuery, QueryRefused, valuesOf } from './qr-query';

/** Naturalized identifiers as dcmjs hands them over (a PN as objects, multi-valued elements as arrays). */
const study = (keys: Record<string, unknown>) => parseQuery({ QueryRetrieveLevel: 'STUDY', ...keys }, 'study');
const refusal = (f: () => unknown) => {
  try {
    f();
  } catch (err) {
    if (err instanceof QueryRefused) return [err.status, err.comment];
    throw err;
  }
  return null;
};

describe('a Query/Retrieve identifier', () => {
  it('names its level; Study Root has no PATIENT level; an unknown level does not match the SOP class', () => {
    expect(parseQuery({ QueryRetrieveLevel: 'PATIENT' }, 'patient').level).toBe('PATIENT');
    expect(parseQuery({ QueryRetrieveLevel: 'IMAGE ' }, 'study').level).toBe('IMAGE');
    expect(refusal(() => parseQuery({ QueryRetrieveLevel: 'PATIENT' }, 'study'))).toEqual([
      0xa900,
      'Study Root has no PATIENT level',
    ]);
    expect(refusal(() => parseQuery({ QueryRetrieveLevel: 'FRAME' }, 'study'))?.[0]).toBe(0xa900);
    expect(refusal(() => parseQuery({ PatientID: '' }, 'patient'))?.[0]).toBe(0xa900);
  });

  it('keeps the keys asked in order; empty, "*" and sequences are universal: no condition', () => {
    const q = study({
      _vrMap: {},
      SpecificCharacterSet: 'GB18030',
      PatientName: [{ Alphabetic: '*' }],
      StudyDate: '',
      NumberOfStudyRelatedSeries: null,
      ReferencedStudySequence: [{}],
      PatientID: 'P1',
    });
    expect(q.keys).toEqual([
      'PatientName',
      'StudyDate',
      'NumberOfStudyRelatedSeries',
      'ReferencedStudySequence',
      'PatientID',
    ]);
    expect(q.conditions).toEqual({ PatientID: { kind: 'text', value: 'P1' } });
    expect(q.unsupported).toBe(false);
  });

  it('reads each matching kind: wildcards, names with groups, UID and value lists, numbers', () => {
    const q = parseQuery(
      {
        QueryRetrieveLevel: 'IMAGE',
        PatientName: [{ Alphabetic: 'Zhang^San', Ideographic: '张^三' }],
        PatientID: 'QR?0*',
        StudyInstanceUID: ['1.2.3', '1.2.4'],
        StudyDescription: '*chest*',
        ReferringPhysicianName: [{ Alphabetic: 'Li^*' }],
        Modality: ['CT', 'MR'],
        ModalitiesInStudy: 'CT',
        SeriesNumber: '3',
        InstanceNumber: '-1',
      },
      'patient',
    );
    expect(q.conditions).toEqual({
      PatientName: { kind: 'name', value: 'Zhang^San=张^三' },
      PatientID: { kind: 'text', value: 'QR?0*' },
      StudyInstanceUID: { kind: 'uid', values: ['1.2.3', '1.2.4'] },
      StudyDescription: { kind: 'caseless', value: '*chest*' },
      ReferringPhysicianName: { kind: 'person', value: 'Li^*' },
      Modality: { kind: 'list', values: ['CT', 'MR'] },
      ModalitiesInStudy: { kind: 'list', values: ['CT'] },
      SeriesNumber: { kind: 'number', value: 3 },
      InstanceNumber: { kind: 'number', value: -1 },
    });
    expect(refusal(() => parseQuery({ QueryRetrieveLevel: 'IMAGE', InstanceNumber: '1.5' }, 'study'))?.[0]).toBe(
      0xc000,
    );
  });

  it('reads dates and times as single values or ranges, open at either end; anything else is refused', () => {
    const c = (k: string, v: string) => study({ [k]: v }).conditions[k];
    expect(c('StudyDate', '20260310')).toEqual({ kind: 'date', from: '20260310', to: '20260310' });
    expect(c('StudyDate', '20260301-20260331')).toEqual({ kind: 'date', from: '20260301', to: '20260331' });
    expect(c('StudyDate', '-20260331')).toEqual({ kind: 'date', to: '20260331' });
    expect(c('StudyDate', '20260301-')).toEqual({ kind: 'date', from: '20260301' });
    // a partial time is the whole period it names: 09 is 09:00:00 to 09:59:59
    expect(c('StudyTime', '09')).toEqual({ kind: 'time', from: '090000', to: '095959' });
    expect(c('StudyTime', '0930-1000')).toEqual({ kind: 'time', from: '093000', to: '100059' });
    expect(c('StudyTime', '093015.25-')).toEqual({ kind: 'time', from: '093015' });
    for (const [k, v] of [
      ['StudyDate', '2026-03'],
      ['StudyDate', '2026.03.10'],
      ['StudyDate', '-'],
      ['StudyTime', '9:30'],
      ['StudyTime', '1'],
    ])
      expect(
        refusal(() => c(k!, v!)),
        `${k}=${v}`,
      ).toEqual([0xc000, `Cannot read ${k}: ${v}`]);
  });

  it('does not match on keys below the query level, and flags a value it cannot match (pending 0xFF01)', () => {
    const q = study({ SeriesInstanceUID: '1.2.3', SOPInstanceUID: '1.2.3.4', PatientID: '' });
    expect(q.conditions).toEqual({});
    expect(q.unsupported).toBe(false);
    expect(study({ PatientBirthDate: '19800101' }).unsupported).toBe(true);
    expect(study({ NumberOfStudyRelatedInstances: '3' }).unsupported).toBe(true);
    expect(study({ OtherPatientIDs: 'X' }).unsupported).toBe(true);
    expect(study({ PatientBirthDate: '' }).unsupported).toBe(false);
    // a patient key is matched at the Study Root STUDY level (patient attributes are part of it)
    expect(study({ PatientSex: 'F' }).conditions).toEqual({ PatientSex: { kind: 'text', value: 'F' } });
  });

  it('reads every value of an element', () => {
    expect(valuesOf(undefined)).toEqual([]);
    expect(valuesOf(null)).toEqual([]);
    expect(valuesOf('')).toEqual([]);
    expect(valuesOf(['1.2', '1.3'])).toEqual(['1.2', '1.3']);
    expect(valuesOf([{ Alphabetic: 'A^B' }])).toEqual(['A^B']);
    expect(valuesOf(3)).toEqual(['3']);
  });
});
