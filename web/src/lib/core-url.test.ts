import { describe, expect, it } from 'vitest';
import { withBase } from './core-url';

describe('core_url', () => {
  it('prefixes relative paths and leaves absolute ones', () => {
    expect(withBase('', '/report/info')).toBe('/report/info');
    expect(withBase('https://core.example/', '/report/info')).toBe('https://core.example/report/info');
    expect(withBase('https://core.example', 'img/a.jpg')).toBe('https://core.example/img/a.jpg');
    expect(withBase('https://core.example', 'https://other/x.jpg')).toBe('https://other/x.jpg');
    expect(withBase('https://core.example', 'data:image/png;base64,AA')).toBe('data:image/png;base64,AA');
    expect(withBase('https://core.example', '//cdn/x.jpg')).toBe('//cdn/x.jpg');
  });
});
