import { describe, expect, it } from 'vitest';
import { UserSettingsSchema } from '@shared/schemas/auth';
import zh from '@web/locales/zh-CN/account.json';
import en from '@web/locales/en-US/account.json';
import { SETTING_KEYS } from './custom-settings';

/**
 * Settings kept by another screen, not offered here: the viewer's layout per modality is chosen in the viewer,
 * the desk's keys have a tab of their own.
 */
const KEPT_ELSEWHERE = ['viewer_layouts', 'hotkeys'];

describe('custom settings tab', () => {
  it('offers every data1 setting of the schema exactly once', () => {
    const offered = Object.keys(UserSettingsSchema.shape).filter((k) => !KEPT_ELSEWHERE.includes(k));
    expect([...SETTING_KEYS].sort()).toEqual(offered.sort());
    expect(new Set(SETTING_KEYS).size).toBe(SETTING_KEYS.length);
  });

  it('has a label and a one-line explanation for each, in both languages', () => {
    for (const texts of [zh.custom, en.custom] as unknown as Record<string, string>[]) {
      for (const key of SETTING_KEYS) {
        expect(texts[key], key).toBeTruthy();
        expect(texts[`${key}Hint`], `${key}Hint`).toBeTruthy();
      }
    }
  });
});
