import { describe, expect, it } from 'vitest';
import { callNoLabel } from '@shared/schemas/queue';
import { announcementText } from './announce';

describe('announcement text', () => {
  it('says the number with its segment prefix, with or without the name', () => {
    expect(announcementText(callNoLabel('B', 101), '张三', 'US1')).toBe('请 B101 号 张三 到 US1 检查');
    expect(announcementText(callNoLabel('B', 101), '', 'US1')).toBe('请 B101 号 到 US1 检查');
  });

  it('says the bare number for a room without a segment', () => {
    expect(announcementText(callNoLabel('', 7), '', 'CT1')).toBe('请 7 号 到 CT1 检查');
  });
});
