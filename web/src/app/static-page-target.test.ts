import { describe, expect, it } from 'vitest';
import { staticTarget } from './static-page-target';

describe('staticTarget', () => {
  it('leads to the address set; page2 adds its newId and newTitle', () => {
    expect(staticTarget('', {}, 'http://x')).toBe('');
    expect(staticTarget('https://intranet.example/p1.html', {}, 'http://x')).toBe('https://intranet.example/p1.html');
    expect(staticTarget('/static/news.html?a=1', { newId: '7', newTitle: '通知 & 公告' }, 'http://h:1')).toBe(
      'http://h:1/static/news.html?a=1&newId=7&newTitle=%E9%80%9A%E7%9F%A5+%26+%E5%85%AC%E5%91%8A',
    );
  });
});
