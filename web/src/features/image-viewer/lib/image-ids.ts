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

/** Where an image of the stack is: its series, instance, and frame (from 1) of a multi-frame instance. */
export interface ImageRef {
  series_iuid: string;
  sop_iuid: string;
  frame?: number;
}

/** The wadouri image id of an image (one id per frame of a multi-frame instance). */
export function imageIdOf(studyIuid: string, ref: ImageRef): string {
  const base = `wadouri:${wadoPath(studyIuid, ref.series_iuid, ref.sop_iuid)}`;
  return ref.frame ? `${base}&frame=${ref.frame}` : base;
}

/** The image an id of imageIdOf names; null for any other id. */
export function imageRefOf(imageId: string): ImageRef | null {
  if (!imageId.startsWith('wadouri:')) return null;
  const q = new URLSearchParams(imageId.split('?', 2)[1] ?? '');
  const series_iuid = q.get('seriesUID');
  const sop_iuid = q.get('objectUID');
  if (!series_iuid || !sop_iuid) return null;
  const frame = Number(q.get('frame'));
  return frame >= 1 ? { series_iuid, sop_iuid, frame } : { series_iuid, sop_iuid };
}

/** The study an image id of imageIdOf is of. */
export const studyOfImageId = (imageId: string) =>
  new URLSearchParams(imageId.split('?', 2)[1] ?? '').get('studyUID') ?? '';

/** The stack of a series: one wadouri image id per frame, in the server's order (live images only). */
export function imageIdsOf(studyIuid: string, s: Series): string[] {
  return s.instances.flatMap((i) => {
    const ref = { series_iuid: s.series_iuid, sop_iuid: i.sop_iuid };
    return i.frame_count > 1
      ? Array.from({ length: i.frame_count }, (_, f) => imageIdOf(studyIuid, { ...ref, frame: f + 1 }))
      : [imageIdOf(studyIuid, ref)];
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
