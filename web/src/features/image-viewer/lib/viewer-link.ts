import type { ReportConfig } from '@shared/report/document';

/** Where a study's images open: the platform's viewer (a route of this app) or another viewer's address. */
export type ViewerLink =
  { kind: 'route'; route: string; target: string } | { kind: 'external'; url: string; target: '_blank' | '_self' };

/**
 * sys_config imageViewer and openType (spec section 9; docs/decisions.md): imageViewer set, images open
 * there, `{study_iuid}` in it replaced by the study's UID (else `study_iuid=` added to its query); unset, the
 * platform's viewer (/readingFilm, one window per study). openType `_self` opens in this tab, '' and `_blank`
 * in a new one.
 */
export function viewerLink(
  cfg: Pick<ReportConfig, 'image_viewer' | 'open_type'> | undefined,
  studyIuid: string,
): ViewerLink {
  const self = cfg?.open_type === '_self';
  const external = cfg?.image_viewer?.trim();
  if (external && /^https?:\/\//i.test(external)) {
    const uid = encodeURIComponent(studyIuid);
    let url = external.replaceAll('{study_iuid}', uid);
    if (url === external) {
      const u = new URL(external);
      u.searchParams.set('study_iuid', studyIuid);
      url = u.toString();
    }
    return { kind: 'external', url, target: self ? '_self' : '_blank' };
  }
  const route = `/readingFilm?${new URLSearchParams({ uid: studyIuid }).toString()}`;
  return { kind: 'route', route, target: self ? '_self' : `rx-viewer-${studyIuid.replace(/\D/g, '')}` };
}
