import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { RegisterPasswordSchema, RegisterSchema } from '@shared/schemas/registration';
import { issueMessage, mobileValid } from './register-rules';

// The texts' key, or the fallback when the caller gives one (as i18next does for a missing key).
const t = ((key: string, o?: { defaultValue?: string }) =>
  key === 'rules.unknownKey' ? o?.defaultValue : key) as unknown as TFunction<'registration'>;

describe('issueMessage', () => {
  it("shows the shared schema's own rule, by its message key", () => {
    expect(issueMessage(RegisterPasswordSchema, 'abc', t, 'fb')).toBe('rules.regPasswordLength');
    expect(issueMessage(RegisterPasswordSchema, 'abcdefgh', t, 'fb')).toBe('rules.regPasswordWeak');
    expect(issueMessage(RegisterPasswordSchema, 'abcd1234', t, 'fb')).toBeNull();
    expect(issueMessage(RegisterSchema.shape.mobile, '12800138000', t, 'fb')).toBe('rules.regMobileFormat');
    expect(issueMessage(RegisterSchema.shape.captcha, '12a4', t, 'fb')).toBe('rules.regCaptchaFormat');
    expect(issueMessage(RegisterSchema.shape.email, 'a@b', t, 'fb')).toBe('rules.regEmailFormat');
  });
  it('a rule without a message key shows the fallback', () => {
    expect(issueMessage(RegisterSchema.shape.username, 'a', t, 'fb')).toBe('fb');
  });
});

describe('mobileValid', () => {
  it('enables "send code" only for 1[3-9] and 11 digits with a known prefix', () => {
    expect(mobileValid('13800138000', '+86')).toBe(true);
    expect(mobileValid(' 19912345678 ', '+87')).toBe(true);
    expect(mobileValid('12800138000', '+86')).toBe(false);
    expect(mobileValid('1380013800', '+86')).toBe(false);
    expect(mobileValid('13800138000', '+1')).toBe(false);
    expect(mobileValid(undefined, '+86')).toBe(false);
  });
});
