import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS } from '@shared/schemas/audit';
import en from '@web/locales/en-US/audit.json';
import zh from '@web/locales/zh-CN/audit.json';
import { actionKey } from './audit-list';

describe('audit trail actions', () => {
  it('has a label for every known action in both languages', () => {
    for (const texts of [zh, en]) {
      const labels = texts.actions as Record<string, string>;
      for (const a of AUDIT_ACTIONS) expect(labels[actionKey(a).replace('actions.', '')], a).toBeTruthy();
    }
  });

  it('keys dotted codes without nesting', () => {
    expect(actionKey('hospital.create')).toBe('actions.hospital_create');
    expect(actionKey('login')).toBe('actions.login');
  });
});
