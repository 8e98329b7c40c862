import { describe, expect, it } from 'vitest';
import { DEFAULT_SYSTEM_TITLE } from '@shared/constants';
import { systemTitle } from './system-title';

describe('systemTitle', () => {
  it('shows the default Chinese title translated in English, as is in Chinese', () => {
    expect(systemTitle(DEFAULT_SYSTEM_TITLE, 'en-US', 'Medical Imaging System')).toBe('Medical Imaging System');
    expect(systemTitle(DEFAULT_SYSTEM_TITLE, 'zh-CN', '医学影像系统')).toBe(DEFAULT_SYSTEM_TITLE);
  });

  it('keeps a title the administrator configured in every language', () => {
    expect(systemTitle('第一人民医院 PACS', 'en-US', 'Medical Imaging System')).toBe('第一人民医院 PACS');
  });

  it('falls back to the translated title while none is configured', () => {
    expect(systemTitle('', 'en-US', 'Medical Imaging System')).toBe('Medical Imaging System');
    expect(systemTitle(undefined, 'zh-CN', '医学影像系统')).toBe('医学影像系统');
  });
});
