import { describe, expect, it } from 'vitest';
import { withoutEmpty } from '../../platform/core/fhir-json';
import { diagnosticReport, type ReportFacts } from './fhir';

const facts: ReportFacts = {
  rpt_pk: 7,
  version_pk: 3,
  hospital_code: 'H001',
  study_iuid: '1.2.3',
  accession_no: '',
  patient_id: '',
  card_no: '',
  patient_name: '',
  patient_sex: '',
  modality: 'CT',
  study_desc: '',
  study_datetime: new Date('2026-11-27T01:00:00Z'),
  audited_at: new Date('2026-11-27T02:00:00Z'),
  report_doctor: '',
  sh_doctor: '',
  opinion: '',
  addenda: [],
  pdf: null,
};

/** The paths of every empty element: FHIR JSON allows none. */
function empties(v: unknown, at = '$'): string[] {
  if (v === '' || v === null) return [at];
  if (Array.isArray(v)) return v.length ? v.flatMap((x, i) => empties(x, `${at}[${i}]`)) : [at];
  if (v && typeof v === 'object') {
    const entries = Object.entries(v);
    return entries.length ? entries.flatMap(([k, x]) => empties(x, `${at}.${k}`)) : [at];
  }
  return [];
}

describe('the DiagnosticReport sent to a FHIR receiver', () => {
  it('holds no empty element when the study lacks identifiers, names, doctors and a conclusion (withdrawal too)', () => {
    for (const status of ['final', 'amended', 'entered-in-error'] as const) {
      const r = diagnosticReport(facts, status);
      expect(empties(r)).toEqual([]);
      expect(r).toMatchObject({ resourceType: 'DiagnosticReport', status, code: { text: 'CT' } });
      expect(r).not.toHaveProperty('resultsInterpreter');
      expect(r).not.toHaveProperty('performer');
    }
  });

  it('keeps what is there', () => {
    const r = diagnosticReport({ ...facts, sh_doctor: '王审核', report_doctor: '李医生', patient_id: 'P1' });
    expect(r.resultsInterpreter).toEqual([{ display: '王审核' }]);
    expect(r.performer).toEqual([{ display: '李医生' }]);
    expect(r.contained[0]!.identifier).toHaveLength(1);
  });

  it('an amended report concludes with the impression and each addendum after it; none: the impression alone', () => {
    const addenda = ['补充报告 1（李主任，2026-11-28 09:00:00）：右肺结节较前无变化。'];
    expect(diagnosticReport({ ...facts, opinion: '双肺未见异常。', addenda }, 'amended').conclusion).toBe(
      `双肺未见异常。\n\n${addenda[0]}`,
    );
    expect(diagnosticReport({ ...facts, opinion: '双肺未见异常。' }).conclusion).toBe('双肺未见异常。');
  });

  it('withoutEmpty drops "", null, [] and {} at any depth, and keeps 0 and false', () => {
    expect(withoutEmpty({ a: '', b: [], c: {}, d: [{ e: '' }], f: 0, g: false, h: null, i: 'x' })).toEqual({
      f: 0,
      g: false,
      i: 'x',
    });
  });
});
