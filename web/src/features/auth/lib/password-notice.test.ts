import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import type { PasswordNotice } from '@shared/schemas/auth';
import { resources } from '@web/locales/resources';
import { passwordNoticeText } from './password-notice';

const i18n = i18next.createInstance();
await i18n.init({ resources, lng: 'zh-CN', interpolation: { escapeValue: false } });
const notice = (lng: 'zh-CN' | 'en-US', password_notice: PasswordNotice | null) =>
  passwordNoticeText({ password_notice }, i18n.getFixedT(lng, 'auth'));

describe('the password notice at sign-in', () => {
  it('announces an administrator reset as a required new password, not as an expiry', () => {
    for (const lng of ['zh-CN', 'en-US'] as const) {
      const text = JSON.stringify(notice(lng, { reason: 'admin_reset', days: 0 }));
      expect(text, lng).not.toMatch(/expir|过期/i);
    }
    expect(notice('en-US', { reason: 'admin_reset', days: 0 })).toEqual({
      title: 'New password required',
      description: 'An administrator reset your password and requires you to set a new one before going on.',
    });
    expect(notice('zh-CN', { reason: 'admin_reset', days: 0 })?.title).toBe('需要设置新密码');
  });

  it('tells an expired password from one about to expire, with its days', () => {
    expect(notice('en-US', { reason: 'expired', days: 100 })).toEqual({
      title: 'Password expired',
      description: 'Your password has not been changed for 100 days and has expired; please change it.',
    });
    expect(notice('zh-CN', { reason: 'expired', days: 100 })?.title).toBe('密码已过期');
    expect(notice('en-US', { reason: 'expiring', days: 5 })?.description).toBe(
      'Your password expires in 5 days; please change it soon.',
    );
    expect(notice('zh-CN', { reason: 'expiring', days: 5 })).toEqual({
      title: '密码即将过期',
      description: '密码将在 5 天后过期，请尽快修改密码。',
    });
    expect(notice('zh-CN', null)).toBeNull();
  });
});
