import { describe, expect, it } from 'vitest';
import { markQcShown, qcDue } from './qc-once';

const memory = (): Storage => {
  const m = new Map<string, string>();
  return {
    get length() {
      return m.size;
    },
    clear: () => m.clear(),
    getItem: (k) => m.get(k) ?? null,
    key: (i) => [...m.keys()][i] ?? null,
    removeItem: (k) => void m.delete(k),
    setItem: (k, v) => void m.set(k, v),
  };
};

describe('QC dialog once per study per session', () => {
  const study = (study_iuid: string, use_qc: number, qc_recorded = false) => ({ study_iuid, use_qc, qc_recorded });

  it('is due only when use_qc is 1 and it has not shown for that study yet', () => {
    const s = memory();
    expect(qcDue(study('a', 0), false, s)).toBe(false);
    expect(qcDue(study('a', 1), false, s)).toBe(true);
    markQcShown('a', s);
    expect(qcDue(study('a', 1), false, s)).toBe(false);
    expect(qcDue(study('b', 1), false, s)).toBe(true);
  });

  it('is never due once the quality is recorded or the report is audited', () => {
    const s = memory();
    expect(qcDue(study('a', 1, true), false, s)).toBe(false);
    expect(qcDue(study('a', 1), true, s)).toBe(false);
  });
});
