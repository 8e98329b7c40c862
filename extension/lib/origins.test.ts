import { describe, expect, it } from 'vitest';
import { isDefaultOrigin, normalizeAgentUrl, normalizeOrigin, originAllowed, originPattern } from './origins';

describe('origins', () => {
  it('allows loopback http at any port by default, and configured origins exactly', () => {
    expect(originAllowed('http://localhost:8080', [])).toBe(true);
    expect(originAllowed('http://127.0.0.1:5173', [])).toBe(true);
    expect(originAllowed('https://localhost', [])).toBe(false);
    expect(originAllowed('http://127.0.0.1.evil.example', [])).toBe(false);
    expect(originAllowed('https://pacs.h.example', ['https://pacs.h.example'])).toBe(true);
    expect(originAllowed('https://pacs.h.example:8443', ['https://pacs.h.example'])).toBe(false);
    expect(isDefaultOrigin('not a url')).toBe(false);
  });

  it('normalizes typed addresses and refuses paths, credentials and other schemes', () => {
    expect(normalizeOrigin(' https://PACS.h.example:8443/ ')).toBe('https://pacs.h.example:8443');
    for (const bad of [
      'https://h.example/app',
      'ftp://h.example',
      'https://u:p@h.example',
      'h.example',
      'javascript:1',
    ]) {
      expect(normalizeOrigin(bad), bad).toBeNull();
    }
    expect(originPattern('https://pacs.h.example:8443')).toBe('https://pacs.h.example/*');
  });

  it('accepts only loopback agent addresses', () => {
    expect(normalizeAgentUrl('http://127.0.0.1:17380')).toBe('http://127.0.0.1:17380');
    expect(normalizeAgentUrl('http://localhost:1')).toBe('http://localhost:1');
    expect(normalizeAgentUrl('http://10.0.0.2:17380')).toBeNull();
  });
});
