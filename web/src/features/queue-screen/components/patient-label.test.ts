import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import zh from '@web/locales/zh-CN/queueScreen.json';
import { patientLabel } from './patient-label';

// The Chinese screen's own template for the number ("{{no}}号").
const t = ((key: string, o?: { no?: string }) =>
  key === 'callNo' ? zh.callNo.replace('{{no}}', o?.no ?? '') : key) as unknown as TFunction<'queueScreen'>;

describe('a patient on the call screen', () => {
  const p = { call_no: 101, call_prefix: 'B', pat_name: '张*丰' };

  it('shows the number with its segment prefix, by call_type', () => {
    expect(patientLabel(t, 1, p)).toBe('B101号');
    expect(patientLabel(t, 2, p)).toBe('张*丰');
    expect(patientLabel(t, 3, p)).toBe('B101号 张*丰');
  });

  it('shows the bare number for a room without a segment', () => {
    expect(patientLabel(t, 3, { ...p, call_prefix: '' })).toBe('101号 张*丰');
  });
});
