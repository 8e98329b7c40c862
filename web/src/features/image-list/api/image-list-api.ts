import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Page } from '@shared/schemas/common';
import type { DicomList, ImageStudyRow, ThumbnailBatchResult } from '@shared/schemas/images';
import { listQuery } from '@web/components/list-page/list-query';
import { apiGet, apiPost } from '@web/lib/api-client';
import { queryClient } from '@web/lib/query-client';
import type { ImageStudyParams } from '../lib/image-studies-list';

interface ImageChange {
  changed: number;
  file_count: number;
}

const dicomListKey = (studyIuid: string) => ['dicom-list', studyIuid] as const;

export function useDicomList(studyIuid: string, enabled = true) {
  return useQuery({
    queryKey: dicomListKey(studyIuid),
    queryFn: ({ signal }) => apiPost<DicomList>('/wado/getDicomList', { study_iuid: studyIuid }, { signal }),
    enabled: enabled && !!studyIuid,
    staleTime: 0,
  });
}

/** POST /wado/thumbnails: a page of the study's thumbnails (base64 JPEG, null where none). */
export async function fetchThumbnails(studyIuid: string, sops: string[]) {
  const r = await apiPost<ThumbnailBatchResult>('/wado/thumbnails', { study_iuid: studyIuid, sop_iuids: sops });
  return r.thumbs;
}

/** Marks the changed images in the cached list (the answer names how many, the list is ours already). */
function markImages(studyIuid: string, sops: string[], del: 0 | 1) {
  const set = new Set(sops);
  queryClient.setQueryData<DicomList>(dicomListKey(studyIuid), (old) =>
    old
      ? {
          ...old,
          series: old.series.map((s) => ({
            ...s,
            instances: s.instances.map((i) => (set.has(i.sop_iuid) ? { ...i, del_image: del } : i)),
          })),
        }
      : old,
  );
  void queryClient.invalidateQueries({ queryKey: ['image-studies'] });
}

/** POST /api/order/deleteOrderImage: the spec's call of the writing screen's image list. */
export async function deleteImages(studyIuid: string, sops: string[]): Promise<ImageChange> {
  const r = await apiPost<ImageChange>('/api/order/deleteOrderImage', {
    study_iuid: studyIuid,
    sop_iuids: sops.join(','),
  });
  markImages(studyIuid, sops, 1);
  return r;
}

/** POST /api/order/reduction: restores the named images, or every deleted one of the study (sops undefined). */
export async function restoreImages(studyIuid: string, sops?: string[]): Promise<ImageChange> {
  const r = await apiPost<ImageChange>(
    '/api/order/reduction',
    sops ? { study_iuid: studyIuid, sop_iuids: sops.join(',') } : { study_iuid: studyIuid },
  );
  if (sops) markImages(studyIuid, sops, 0);
  else {
    await queryClient.invalidateQueries({ queryKey: dicomListKey(studyIuid) });
    void queryClient.invalidateQueries({ queryKey: ['image-studies'] });
  }
  return r;
}

export function useImageStudies(p: ImageStudyParams) {
  return useQuery({
    queryKey: ['image-studies', p],
    queryFn: ({ signal }) => apiGet<Page<ImageStudyRow>>('/api/order/imageStudies', { ...listQuery(p) }, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
