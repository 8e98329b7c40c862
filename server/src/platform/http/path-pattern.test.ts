import { describe, expect, it } from 'vitest';
import { pathSet } from './path-pattern';

describe('pathSet', () => {
  it('holds exact paths, and {name} as one path segment', () => {
    const s = pathSet(['/UploadDicom/uploadZip', '/dicomweb/studies', '/dicomweb/studies/{study}']);
    expect(s.has('/UploadDicom/uploadZip')).toBe(true);
    expect(s.has('/dicomweb/studies')).toBe(true);
    expect(s.has('/dicomweb/studies/1.2.3')).toBe(true);
    expect(s.has('/dicomweb/studies/1.2.3/series')).toBe(false);
    expect(s.has('/dicomweb/studies/')).toBe(false);
    expect(s.has('/dicomweb/studiesX')).toBe(false);
    expect(s.has('/UploadDicom/uploadZipX')).toBe(false);
  });
});
