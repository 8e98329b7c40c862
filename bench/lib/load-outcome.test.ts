import { describe, expect, it } from 'vitest';
import { classify, emptyTally, mergeTallies } from './load-outcome';

describe('classify', () => {
  it('counts a successful envelope as ok', () => {
    expect(classify('save', 200, { success: true })).toEqual({ kind: 'ok' });
  });

  it('counts a write another user beat (stale version, report audited meanwhile) as an expected refusal', () => {
    expect(classify('save', 409, { success: false, error: 'STALE_VERSION' })).toEqual({
      kind: 'refused',
      key: 'save: 409 STALE_VERSION',
    });
    expect(classify('cancel audit', 409, { success: false, error: 'REPORT_STATE' }).kind).toBe('refused');
  });

  it('counts every other failure as an error: a 409 on a read, a 500, a 2xx without success, no envelope', () => {
    expect(classify('open', 409, { success: false, error: 'STALE_VERSION' }).kind).toBe('error');
    expect(classify('save', 409, { success: false, error: 'CONFLICT' }).kind).toBe('error');
    expect(classify('worklist', 500, { success: false, error: 'INTERNAL' })).toEqual({
      kind: 'error',
      key: 'worklist: 500 INTERNAL',
    });
    expect(classify('print', 200, { success: false }).kind).toBe('error');
    expect(classify('release', 502, null)).toEqual({ kind: 'error', key: 'release: 502 no envelope' });
  });
});

describe('mergeTallies', () => {
  it('joins the latencies and adds the counts of every worker', () => {
    const a = emptyTally();
    a.ms.save.push(1, 2);
    a.errors['save: 500 INTERNAL'] = 1;
    const b = emptyTally();
    b.ms.save.push(3);
    b.errors['save: 500 INTERNAL'] = 2;
    b.refused['save: 409 STALE_VERSION'] = 4;
    const all = mergeTallies([a, b]);
    expect(all.ms.save).toEqual([1, 2, 3]);
    expect(all.errors).toEqual({ 'save: 500 INTERNAL': 3 });
    expect(all.refused).toEqual({ 'save: 409 STALE_VERSION': 4 });
  });
});
