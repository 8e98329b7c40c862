import { describe, expect, it } from 'vitest';
import type { ReportInfo } from '@shared/schemas/report';
import { newReport } from '@web/lib/new-report';
import { withWrittenReport } from './accept-write';

const info = {
  study: { study_iuid: '1.2.3', study_desc: '胸部', rpt_status: 0 },
  reports: [newReport(1), { ...newReport(2), report_text1: 'second' }],
  template: null,
  drafts: [
    { rpt_position: 1, report_text1: 'draft 1', report_text2: '', updated_at: '' },
    { rpt_position: 2, report_text1: 'draft 2', report_text2: '', updated_at: '' },
  ],
  lock: { lock_status: '1', mine: true, lock_time: '' },
} as unknown as ReportInfo;

describe('withWrittenReport', () => {
  it('replaces the written report, keeps the others in position order and drops its drafts after a save', () => {
    const saved = { ...newReport(1), rpt_status: 1, report_text1: 'saved', version: 1 };
    const next = withWrittenReport(info, saved, '腹部');
    expect(next.reports.map((r) => [r.rpt_position, r.report_text1])).toEqual([
      [1, 'saved'],
      [2, 'second'],
    ]);
    expect(next.drafts.map((d) => d.rpt_position)).toEqual([2]);
    expect(next.study.study_desc).toBe('腹部');
    expect(next.study.rpt_status).toBe(1);
    expect(info.reports[0]?.report_text1).toBe('');
  });

  it('adds a report of a new position and keeps the other drafts and the body part after a transition', () => {
    const third = { ...newReport(3), rpt_status: 1 };
    const next = withWrittenReport(info, third);
    expect(next.reports.map((r) => r.rpt_position)).toEqual([1, 2, 3]);
    expect(next.drafts).toHaveLength(2);
    expect(withWrittenReport(info, { ...newReport(2), rpt_status: 1 }).drafts.map((d) => d.rpt_position)).toEqual([1]);
    expect(next.study.study_desc).toBe('胸部');
    expect(next.study.rpt_status).toBe(0);
  });

  it("keeps the report's addenda through a write whose answer has none, and takes an addendum's answer", () => {
    const addendum = { seq: 1, text: '补充', author: '李主任', created_at: '2026-11-30 09:00:00' };
    const audited = { ...withWrittenReport(info, { ...newReport(1), addenda: [addendum] }) };
    const cancelled = withWrittenReport(audited, { ...newReport(1), rpt_status: 1, version: 3 });
    expect(cancelled.reports[0]!.addenda).toEqual([addendum]);
    const second = { ...addendum, seq: 2 };
    expect(withWrittenReport(cancelled, { ...newReport(1), addenda: [addendum, second] }).reports[0]!.addenda).toEqual([
      addendum,
      second,
    ]);
  });
});
