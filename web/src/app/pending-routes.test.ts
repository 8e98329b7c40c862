import { describe, expect, it } from 'vitest';
import { hasScreen } from './pending-routes';

describe('hasScreen', () => {
  it('tells built screens from the spec routes still in development', () => {
    expect(hasScreen('/account/settings')).toBe(true);
    expect(hasScreen('/orderList')).toBe(true);
    expect(hasScreen('/UserWorkCount')).toBe(true);
    expect(hasScreen('/imgCount')).toBe(true);
    expect(hasScreen('/wxmenu')).toBe(true);
    expect(hasScreen('printApply/:id')).toBe(false);
    expect(hasScreen('/uploadZip')).toBe(true);
    expect(hasScreen('screen')).toBe(true);
    expect(hasScreen('wechat')).toBe(true);
    expect(hasScreen('/WeChatManage')).toBe(true);
    expect(hasScreen('user/register')).toBe(true);
    expect(hasScreen('user/register-result')).toBe(true);
  });
});
