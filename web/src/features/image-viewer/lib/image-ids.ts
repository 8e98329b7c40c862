import type { ViewerStudy } from '@shared/schemas/image-viewer';

type Series = ViewerStudy['series'][number];

/**
 * WADO-URI address of an instance without its token: the token is added as each request opens
 * (withToken), so a renewed token keeps the same image ids and Cornerstone's cache.
 */
export function wadoPath(studyIuid: string, seriesIuid: string, sopIuid: string, contentType = 'application/dicom') {
  const q = new URLSearchParams({
    requestType: 'WADO',
    studyUID: studyIuid,
    seriesUID: seriesIuid,
    objectUID: sopIuid,
    contentType,
  });
  return `/wado?${q}`;
}

/** The stack of a series: one wadouri image id per frame, in the server's order (live images only). */
export function imageIdsOf(studyIuid: string, s: Series): string[] {
  return s.instances.flatMap((i) => {
    const base = `wadouri:${wadoPath(studyIuid, s.series_iuid, i.sop_iuid)}`;
    return i.frame_count > 1 ? Array.from({ length: i.frame_count }, (_, f) => `${base}&frame=${f + 1}`) : [base];
  });
}

/** The server-rendered first image of the first series (the page shows it until Cornerstone draws). */
export function previewUrl(study: ViewerStudy, token: string, s: Series | undefined = study.series[0]): string {
  const first = s?.instances[0];
  return s && first ? withToken(wadoPath(study.study_iuid, s.series_iuid, first.sop_iuid, 'image/jpeg'), token) : '';
}

/** The rendered thumbnail of a series: its middle instance, 128x128 JPEG. */
export function thumbnailUrl(studyIuid: string, s: Series, token: string): string | null {
  const mid = s.instances[Math.floor(s.instances.length / 2)];
  if (!mid) return null;
  return `${withToken(wadoPath(studyIuid, s.series_iuid, mid.sop_iuid, 'image/jpeg'), token)}&rows=128&columns=128`;
}

/** Adds (or replaces) token= on a /wado address. */
export function withToken(url: string, token: string): string {
  const [path, query = ''] = url.split('?', 2) as [string, string?];
  const q = new URLSearchParams(query);
  q.set('token', token);
  return `${path}?${q}`;
}
