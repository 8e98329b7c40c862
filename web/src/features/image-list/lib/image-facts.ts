import type { DicomList } from '@shared/schemas/images';

/** Storage in MB as the spec's statistics count it: bytes / 1024000. */
export const megabytes = (bytes: number) => (bytes / 1_024_000).toFixed(2);

export type ListedImage = DicomList['series'][number]['instances'][number] & { series_iuid: string };

/** The study's series, each image carrying its series UID (list order: series, then instance). */
export function seriesOf(list: DicomList | undefined) {
  return (list?.series ?? []).map(({ instances, ...s }) => ({
    ...s,
    images: instances.map((i): ListedImage => ({ ...i, series_iuid: s.series_iuid })),
  }));
}

/** The study's live images (count and bytes) and its deleted ones. */
export function totalsOf(images: readonly ListedImage[]) {
  const live = images.filter((i) => !i.del_image);
  return {
    count: live.length,
    bytes: live.reduce((n, i) => n + i.size_bytes, 0),
    deleted: images.length - live.length,
  };
}
