import { describe, expect, it } from 'vitest';
import type { ReportDetail } from '@shared/schemas/report';
import { firstPrinter, pickReport, printDelayMs, readPrintQuery } from './print-query';

const q = (s: string) => readPrintQuery(new URLSearchParams(s));

describe('print address', () => {
  it('reads study, report and flags', () => {
    expect(q('study_iuid=1.2.3&rpt_pk=7&print=1&isJz=true&type=a&isSimple=1&printerList=P1')).toEqual({
      study_iuid: '1.2.3',
      rpt_pk: 7,
      autoPrint: true,
      emergency: true,
      type: 'a',
      isSimple: true,
      printerList: 'P1',
      share: '',
      audit_version: null,
    });
  });

  it('reads an audit version only as a positive whole number', () => {
    expect(q('study_iuid=x&audit_version=42').audit_version).toBe(42);
    for (const v of ['', '0', '-3', '1.5', 'abc', '01'])
      expect(q(`study_iuid=x&audit_version=${v}`).audit_version).toBeNull();
  });

  it('reads a share token only in its shape', () => {
    const token = 'A'.repeat(43);
    expect(q(`study_iuid=x&share=${token}`).share).toBe(token);
    expect(q('study_iuid=x&share=short').share).toBe('');
  });

  it('prints on its own only when print is 1 or true', () => {
    expect(q('study_iuid=x').autoPrint).toBe(false);
    expect(q('study_iuid=x&print=0').autoPrint).toBe(false);
    expect(q('study_iuid=x&print=TRUE').autoPrint).toBe(true);
    expect(q('study_iuid=x&isJz=0').emergency).toBe(false);
  });

  it('treats a missing or bad rpt_pk as none', () => {
    for (const s of ['', 'rpt_pk=', 'rpt_pk=abc', 'rpt_pk=-1', 'rpt_pk=1.5']) expect(q(s).rpt_pk).toBeNull();
    expect(q('').study_iuid).toBe('');
  });
});

describe('print delay', () => {
  it('waits 3 s for ultrasound only', () => {
    expect(printDelayMs('US')).toBe(3000);
    expect(printDelayMs(' us ')).toBe(3000);
    expect(printDelayMs('CT')).toBe(0);
    expect(printDelayMs('')).toBe(0);
  });
});

describe('which report', () => {
  const r = (over: Partial<ReportDetail>) =>
    ({ rpt_pk: 1, rpt_position: 1, rpt_status: 2, third_party_pdf: '', ...over }) as ReportDetail;
  const list = [r({ rpt_pk: 1 }), r({ rpt_pk: 2, rpt_position: 2 })];

  it('picks by rpt_pk, else position 1, else the third-party report', () => {
    expect(pickReport(list, 2)?.rpt_position).toBe(2);
    expect(pickReport(list, 9)).toBeNull();
    expect(pickReport(list, null)?.rpt_pk).toBe(1);
    const third = r({ rpt_pk: null, third_party_pdf: '/files/x.pdf' });
    expect(pickReport([third], null)).toBe(third);
  });
});

describe('firstPrinter', () => {
  it('takes the first printer named in printerList', () => {
    expect(firstPrinter('Report-A4, Label')).toBe('Report-A4');
    expect(firstPrinter(' ,Second')).toBe('Second');
  });
  it('is undefined when none is named (the agent then uses its report printer)', () => {
    expect(firstPrinter('')).toBeUndefined();
    expect(firstPrinter(' , ')).toBeUndefined();
  });
});
