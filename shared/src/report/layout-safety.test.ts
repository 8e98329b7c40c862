import { describe, expect, it } from 'vitest';
import { isSafeImageSrc, isSafeStyle, parseStyleText, safeClass, styleText } from './layout-safety';

describe('layout safety', () => {
  it('takes embedded raster images and paths on this server, nothing that loads from elsewhere', () => {
    for (const ok of [
      'data:image/png;base64,iVBORw0KGgo=',
      'data:image/jpeg;base64,/9j/4AAQ',
      '/tool/logo?h=H001',
      '/a/b.png',
    ]) {
      expect(isSafeImageSrc(ok), ok).toBe(true);
    }
    for (const bad of [
      'http://evil.example/a.png',
      'https://evil.example/a.png',
      '//evil.example/a.png',
      '/\\evil.example/a.png',
      'javascript:alert(1)',
      'data:image/svg+xml;base64,PHN2Zz4=',
      'data:text/html;base64,PHNjcmlwdD4=',
      'logo.png',
      ' /a"onerror="x',
    ]) {
      expect(isSafeImageSrc(bad), bad).toBe(false);
    }
  });

  it('keeps plain declarations and refuses those that fetch, run or escape the page', () => {
    expect(isSafeStyle('fontSize', 16)).toBe(true);
    expect(isSafeStyle('border-top', '1px solid #000')).toBe(true);
    expect(isSafeStyle('position', 'relative')).toBe(true);
    for (const [p, v] of [
      ['background', 'url(http://evil.example/a)'],
      ['background', 'URL (x)'],
      ['backgroundImage', 'image-set("a.png" 1x)'],
      ['width', 'expression(alert(1))'],
      ['behavior', 'url(x.htc)'],
      ['-moz-binding', 'x'],
      ['content', '"x"'],
      ['color', 'red\\;background:url(x)'],
      ['color', 'red /* */'],
      ['position', 'fixed'],
      ['position', 'sticky'],
      ['font-family', '"a'],
      ['1abc', 'x'],
    ] as const) {
      expect(isSafeStyle(p, v), `${p}: ${v}`).toBe(false);
    }
  });

  it('reads and writes declaration text', () => {
    expect(parseStyleText('font-size: 14px; background: url(x); -webkit-user-select: none; color:red')).toEqual({
      fontSize: '14px',
      WebkitUserSelect: 'none',
      color: 'red',
    });
    expect(styleText({ fontSize: 26, fontWeight: 'bold', lineHeight: 1.5, margin: 0, WebkitUserSelect: 'none' })).toBe(
      'font-size: 26px; font-weight: bold; line-height: 1.5; margin: 0; -webkit-user-select: none',
    );
    expect(safeClass('rpt-title big x"y <b>')).toBe('rpt-title big');
  });
});
