import { describe, expect, it } from 'vitest';
import { decide, effectiveStatus, validateReport } from './rules';

const s = (rpt_status: number, third_party = false) => ({ rpt_status, third_party });

describe('report state machine', () => {
  it('saves from 0 or 1, never when audited', () => {
    expect(decide('save', s(0))).toEqual({ ok: true });
    expect(decide('save', s(1))).toEqual({ ok: true });
    expect(decide('save', s(3))).toEqual({ ok: true });
    expect(decide('save', s(4))).toEqual({ ok: true });
    expect(decide('save', s(2))).toEqual({ ok: false, reason: 'AUDITED' });
  });

  it('audits from 1; from 0 only with oneClickAudit (saving first); never twice', () => {
    expect(decide('audit', s(1))).toEqual({ ok: true });
    expect(decide('audit', s(0))).toEqual({ ok: false, reason: 'SAVE_FIRST' });
    expect(decide('audit', s(0), { oneClickAudit: true })).toEqual({ ok: true, saveFirst: true });
    expect(decide('audit', s(2))).toEqual({ ok: false, reason: 'ALREADY_AUDITED' });
    expect(decide('audit', s(2), { oneClickAudit: true })).toEqual({ ok: false, reason: 'ALREADY_AUDITED' });
  });

  it('cancels an audit only at 2', () => {
    expect(decide('cancelAudit', s(2))).toEqual({ ok: true });
    for (const st of [0, 1, 3, 4]) expect(decide('cancelAudit', s(st))).toEqual({ ok: false, reason: 'NOT_AUDITED' });
  });

  it('voids from any status of ours', () => {
    for (const st of [0, 1, 2, 3, 4]) expect(decide('invalid', s(st))).toEqual({ ok: true });
  });

  it('refuses save, audit, cancel and void on a third-party report', () => {
    for (const a of ['save', 'audit', 'cancelAudit', 'invalid', 'cache'] as const) {
      expect(decide(a, s(2, true))).toEqual({ ok: false, reason: 'THIRD_PARTY' });
    }
    expect(decide('print', s(2, true))).toEqual({ ok: true });
  });

  it('prints only at 2, retries only when saved, applies templates only at 0', () => {
    expect(decide('print', s(1))).toEqual({ ok: false, reason: 'NOT_AUDITED' });
    expect(decide('print', s(2))).toEqual({ ok: true });
    expect(decide('retry', s(0))).toEqual({ ok: false, reason: 'NOT_SAVED' });
    expect(decide('retry', s(1))).toEqual({ ok: true });
    expect(decide('retry', s(2))).toEqual({ ok: true });
    expect(decide('applyTemplate', s(0))).toEqual({ ok: true });
    expect(decide('applyTemplate', s(1))).toEqual({ ok: false, reason: 'NOT_NEW' });
    expect(decide('editPages', s(2))).toEqual({ ok: false, reason: 'AUDITED' });
  });

  it('treats review-cancelled as saved and voided as not written', () => {
    expect(effectiveStatus(3)).toBe(1);
    expect(effectiveStatus(4)).toBe(0);
  });
});

describe('report validation', () => {
  const good = {
    rpt_good_status: 1,
    image_quality: 4,
    study_desc: '胸部CT',
    report_text1: '所见',
    report_text2: '意见',
  };
  it('accepts a complete report', () => {
    expect(validateReport(good, { showray: true })).toEqual([]);
  });
  it('requires positive/negative, body part, findings and opinion', () => {
    expect(validateReport({ ...good, rpt_good_status: null }, { showray: false })).toEqual(['RPT_GOOD_STATUS']);
    expect(validateReport({ ...good, rpt_good_status: 3 }, { showray: false })).toEqual(['RPT_GOOD_STATUS']);
    expect(validateReport({ ...good, study_desc: '  ' }, { showray: false })).toEqual(['STUDY_DESC']);
    expect(validateReport({ ...good, report_text1: '' }, { showray: false })).toEqual(['FINDINGS']);
    expect(validateReport({ ...good, report_text2: '\n ' }, { showray: false })).toEqual(['OPINION']);
  });
  it('requires image quality only with the ray-quality feature', () => {
    expect(validateReport({ ...good, image_quality: null }, { showray: false })).toEqual([]);
    expect(validateReport({ ...good, image_quality: null }, { showray: true })).toEqual(['IMAGE_QUALITY']);
    expect(validateReport({ ...good, image_quality: 5 }, { showray: true })).toEqual(['IMAGE_QUALITY']);
  });
});
