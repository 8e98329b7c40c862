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
  it('is due only when use_qc is 1 and it has not shown for that study yet', () => {
    const s = memory();
    expect(qcDue({ study_iuid: 'a', use_qc: 0 }, s)).toBe(false);
    expect(qcDue({ study_iuid: 'a', use_qc: 1 }, s)).toBe(true);
    markQcShown('a', s);
    expect(qcDue({ study_iuid: 'a', use_qc: 1 }, s)).toBe(false);
    expect(qcDue({ study_iuid: 'b', use_qc: 1 }, s)).toBe(true);
  });
});
