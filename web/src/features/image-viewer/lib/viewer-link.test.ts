import { describe, expect, it } from 'vitest';
import { viewerLink } from './viewer-link';

const UID = '1.2.840.99.7';

describe('where images open (imageViewer, openType)', () => {
  it('the platform’s viewer in a window of the study’s own unless openType is _self', () => {
    expect(viewerLink(undefined, UID)).toEqual({
      kind: 'route',
      route: `/readingFilm?uid=${UID}`,
      target: 'rx-viewer-12840997',
    });
    expect(viewerLink({ image_viewer: '', open_type: '_blank' }, UID).target).toBe('rx-viewer-12840997');
    expect(viewerLink({ image_viewer: '', open_type: '_self' }, UID)).toMatchObject({ kind: 'route', target: '_self' });
  });

  it('another viewer’s address: the UID in its placeholder or its query, in a new tab or this one', () => {
    expect(viewerLink({ image_viewer: 'https://ohif.example/viewer?StudyInstanceUIDs={study_iuid}' }, UID)).toEqual({
      kind: 'external',
      url: `https://ohif.example/viewer?StudyInstanceUIDs=${UID}`,
      target: '_blank',
    });
    expect(viewerLink({ image_viewer: 'https://pacs.example/view?a=1', open_type: '_self' }, UID)).toEqual({
      kind: 'external',
      url: `https://pacs.example/view?a=1&study_iuid=${UID}`,
      target: '_self',
    });
  });

  it('ignores an address that is not http(s)', () => {
    expect(viewerLink({ image_viewer: 'javascript:alert(1)' }, UID).kind).toBe('route');
  });
});
