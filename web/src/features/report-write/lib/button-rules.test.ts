import { describe, expect, it } from 'vitest';
import { PERMISSIONS } from '@shared/permissions';
import { buttonStates, type ButtonInput } from './button-rules';

const all = () => true;
const base: ButtonInput = { rpt_status: 0, third_party: false, can: all, oneClickAudit: false, busy: false };
const enabled = (i: Partial<ButtonInput>) =>
  Object.entries(buttonStates({ ...base, ...i }))
    .filter(([, s]) => s.enabled)
    .map(([k]) => k)
    .sort();

describe('report screen button rules', () => {
  it('not written: save, audit (says save first), void, critical; no cancel or print', () => {
    expect(enabled({ rpt_status: 0 })).toEqual(['audit', 'critical', 'invalid', 'patientInfo', 'save', 'versions']);
  });

  it('saved (and review cancelled, which behaves as saved)', () => {
    const saved = ['audit', 'critical', 'invalid', 'patientInfo', 'save', 'versions'];
    expect(enabled({ rpt_status: 1 })).toEqual(saved);
    expect(enabled({ rpt_status: 3 })).toEqual(saved);
  });

  it('audited: cancel audit, void, print; save and audit refused with their reason', () => {
    expect(enabled({ rpt_status: 2 })).toEqual([
      'addendum',
      'cancelAudit',
      'critical',
      'invalid',
      'patientInfo',
      'print',
      'versions',
    ]);
    const s = buttonStates({ ...base, rpt_status: 2 });
    expect(s.save.reason).toBe('AUDITED');
    expect(s.audit.reason).toBe('ALREADY_AUDITED');
  });

  it('third-party report: only print and the version list', () => {
    expect(enabled({ rpt_status: 2, third_party: true })).toEqual(['patientInfo', 'print', 'versions']);
  });

  it('every button waits while a request runs', () => {
    const s = buttonStates({ ...base, rpt_status: 1, busy: true });
    expect(Object.values(s).every((b) => !b.enabled && b.reason === 'BUSY')).toBe(true);
  });

  it('hides a button without its permission', () => {
    const s = buttonStates({ ...base, rpt_status: 2, can: (c) => c !== PERMISSIONS.CANCEL && c !== PERMISSIONS.AUDIT });
    expect(s.cancelAudit.visible).toBe(false);
    expect(s.audit.visible).toBe(false);
    expect(s.invalid.visible).toBe(true);
    expect(s.print.visible).toBe(true);
  });
});
