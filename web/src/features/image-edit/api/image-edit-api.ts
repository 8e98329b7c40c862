import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DicomList } from '@shared/schemas/images';
import type {
  ImageEditChoice,
  ImageEditResult,
  MergePatient,
  MergePatientResult,
  MergeStudy,
  MoveSeries,
} from '@shared/schemas/image-edit';
import { apiPost } from '@web/lib/api-client';
import { queryClient } from '@web/lib/query-client';

/** The study's series (the image list's own call and cache). */
export function useSeriesOf(studyIuid: string) {
  return useQuery({
    queryKey: ['dicom-list', studyIuid],
    queryFn: ({ signal }) => apiPost<DicomList>('/wado/getDicomList', { study_iuid: studyIuid }, { signal }),
    enabled: !!studyIuid,
    staleTime: 0,
  });
}

/** The study itself and the studies its images may go to (the same patient's, or those the keyword finds). */
export function useCandidates(studyIuid: string, keyword: string) {
  return useQuery({
    queryKey: ['image-edit-candidates', studyIuid, keyword],
    queryFn: ({ signal }) =>
      apiPost<ImageEditChoice>('/api/imageEdit/candidates', { study_iuid: studyIuid, keyword }, { signal }),
    enabled: !!studyIuid,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** What a move changes: both studies' images, the worklists, the bin (a merge); only the lists on screen reload. */
export const imageEditChanged = () =>
  Promise.all(
    ['dicom-list', 'image-edit-candidates', 'image-studies', 'orders', 'recycle-bin'].map((k) =>
      queryClient.invalidateQueries({ queryKey: [k] }),
    ),
  );

export async function moveSeries(body: MoveSeries) {
  const r = await apiPost<ImageEditResult>('/api/imageEdit/moveSeries', body);
  await imageEditChanged();
  return r;
}

/** The caller leaves the merged study's screen first, then calls imageEditChanged: that study is gone. */
export const mergeStudy = (body: MergeStudy) => apiPost<ImageEditResult>('/api/imageEdit/mergeStudy', body);

/** Every study of the source's patient takes the target's patient; the study on screen stays (its UID does not change). */
export async function mergePatient(body: MergePatient) {
  const r = await apiPost<MergePatientResult>('/api/imageEdit/mergePatient', body);
  await imageEditChanged();
  return r;
}
