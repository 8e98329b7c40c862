import { describe, expect, it } from 'vitest';
import { joinTexts } from './join-texts';

describe('joinTexts', () => {
  it('joins in the way of each language', () => {
    expect(joinTexts(['请输入影像所见', '请输入诊断意见'], 'zh-CN')).toBe('请输入影像所见；请输入诊断意见');
    expect(joinTexts(['Enter the findings', 'Enter the opinion'], 'en-US')).toBe(
      'Enter the findings; Enter the opinion',
    );
  });

  it('leaves a single message alone', () => {
    expect(joinTexts(['Enter the findings'], 'en-US')).toBe('Enter the findings');
  });
});
