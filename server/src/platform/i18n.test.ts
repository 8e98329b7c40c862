import { describe, expect, it } from 'vitest';
import { localeOf, translate } from './i18n';

describe('localeOf', () => {
  it('defaults to zh-CN and picks en-US for English callers', () => {
    expect(localeOf(undefined)).toBe('zh-CN');
    expect(localeOf('')).toBe('zh-CN');
    expect(localeOf('zh-CN,zh;q=0.9')).toBe('zh-CN');
    expect(localeOf('en-US,en;q=0.9')).toBe('en-US');
    expect(localeOf('en')).toBe('en-US');
    expect(localeOf('fr-FR')).toBe('zh-CN');
  });
  it('fills parameters', () => {
    expect(translate('en-US', 'tooManyAttempts', { seconds: 8 })).toBe('Too many failed attempts; try again in 8 s');
    expect(translate('zh-CN', 'accountLocked', { minutes: 30 })).toContain('30');
  });
});
