import { describe, expect, it } from 'vitest';
import { firstBadRedirectUri, joinRedirectUris, splitRedirectUris } from './redirect-uris';

describe('redirect URIs of an app', () => {
  it('one a line, trimmed, blank lines dropped, and back', () => {
    const list = splitRedirectUris('  https://his.example/cb \r\n\n http://127.0.0.1:8080/cb\n');
    expect(list).toEqual(['https://his.example/cb', 'http://127.0.0.1:8080/cb']);
    expect(splitRedirectUris(joinRedirectUris(list))).toEqual(list);
    expect(splitRedirectUris(undefined)).toEqual([]);
  });

  it('names the first line the server would refuse', () => {
    expect(firstBadRedirectUri(['https://his.example/cb', 'http://localhost/cb'])).toBeUndefined();
    expect(firstBadRedirectUri(['https://his.example/cb', 'http://his.example/cb'])).toBe('http://his.example/cb');
    expect(firstBadRedirectUri(['https://his.example/cb#x'])).toBe('https://his.example/cb#x');
    expect(firstBadRedirectUri(['his.example/cb'])).toBe('his.example/cb');
  });
});
