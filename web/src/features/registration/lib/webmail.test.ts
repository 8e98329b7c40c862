import { describe, expect, it } from 'vitest';
import { webmailOf } from './webmail';

describe('webmailOf', () => {
  it('knows the public providers, whatever the case', () => {
    expect(webmailOf('li.si@QQ.com')).toBe('https://mail.qq.com/');
    expect(webmailOf(' wang@163.com ')).toBe('https://mail.163.com/');
    expect(webmailOf('a@gmail.com')).toBe('https://mail.google.com/');
  });
  it('guesses nothing for other domains', () => {
    expect(webmailOf('doctor@hospital.example')).toBeNull();
    expect(webmailOf('a@mail.qq.com.evil.example')).toBeNull();
    expect(webmailOf('no-at-sign')).toBeNull();
    expect(webmailOf('')).toBeNull();
  });
});
