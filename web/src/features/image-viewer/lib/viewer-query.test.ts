import { describe, expect, it } from 'vitest';
import { hashQuery, readViewerQuery, tokenRenewDelayMs } from './viewer-query';

describe('the /readingFilm address', () => {
  it('reads uid and token from the hash query; anything malformed reads as not set', () => {
    const token = 'A'.repeat(43);
    expect(readViewerQuery(hashQuery(`#/readingFilm?uid=1.2.840.5&token=${token}`))).toEqual({
      studyIuid: '1.2.840.5',
      token,
    });
    expect(readViewerQuery(hashQuery('#/readingFilm?study_iuid=1.2.3'))).toEqual({ studyIuid: '1.2.3', token: '' });
    expect(readViewerQuery(hashQuery('#/readingFilm?uid=1.2.x&token=short'))).toEqual({ studyIuid: '', token: '' });
    expect(readViewerQuery(hashQuery(`#/readingFilm?uid=${'1.'.repeat(40)}1`)).studyIuid).toBe('');
    expect(readViewerQuery(hashQuery('#/readingFilm'))).toEqual({ studyIuid: '', token: '' });
  });

  it('renews the token a minute before it ends, never sooner than 5 s', () => {
    expect(tokenRenewDelayMs(600)).toBe(540_000);
    expect(tokenRenewDelayMs(30)).toBe(5_000);
  });
});
