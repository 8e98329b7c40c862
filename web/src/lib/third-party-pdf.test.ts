import { describe, expect, it } from 'vitest';
import { isEmbeddableUrl, isThirdParty, thirdPartyPdfUrl } from './third-party-pdf';

describe('third-party report', () => {
  it('is an audited report with a PDF of its own', () => {
    expect(isThirdParty({ rpt_status: 2, third_party_pdf: '/files/x.pdf' })).toBe(true);
    expect(isThirdParty({ rpt_status: 1, third_party_pdf: '/files/x.pdf' })).toBe(false);
    expect(isThirdParty({ rpt_status: 2, third_party_pdf: '' })).toBe(false);
  });
});

describe('third-party PDF address', () => {
  it('embeds only relative or http(s) addresses', () => {
    expect(isEmbeddableUrl('/files/r.pdf')).toBe(true);
    expect(isEmbeddableUrl('https://pacs.example/r.pdf')).toBe(true);
    expect(isEmbeddableUrl('javascript:alert(1)')).toBe(false);
    expect(isEmbeddableUrl(' JavaScript:alert(1)')).toBe(false);
    expect(isEmbeddableUrl('data:text/html,<script>x</script>')).toBe(false);
    expect(isEmbeddableUrl('//evil.example/x.pdf')).toBe(false);
    expect(isEmbeddableUrl('java\tscript:x')).toBe(false);
    expect(isEmbeddableUrl('')).toBe(false);
  });

  it('resolves against core_url as the print page does, and only for a third-party report', () => {
    const third = { rpt_status: 2, third_party_pdf: '/files/r.pdf' };
    expect(thirdPartyPdfUrl(third, '')).toBe('/files/r.pdf');
    expect(thirdPartyPdfUrl(third, 'https://core.example/')).toBe('https://core.example/files/r.pdf');
    expect(thirdPartyPdfUrl({ ...third, third_party_pdf: 'https://his.example/r.pdf' }, 'https://core.example')).toBe(
      'https://his.example/r.pdf',
    );
    expect(thirdPartyPdfUrl({ ...third, third_party_pdf: 'javascript:alert(1)' }, '')).toBeNull();
    expect(thirdPartyPdfUrl({ ...third, rpt_status: 0 }, '')).toBeNull();
  });
});
