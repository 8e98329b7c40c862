import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DicomList } from '@shared/schemas/images';
import type { CapturedImage, PatientFile } from '@shared/schemas/patient-files';
import { apiPost, apiPostForm, buildUrl } from '@web/lib/api-client';

/** The Capture series (server: modules/patient-file/secondary-capture.ts) holds the captured stills. */
export const CAPTURE_SERIES_DESC = 'Capture';

const videosKey = (s: string) => ['study-videos', s] as const;
const capturesKey = (s: string) => ['study-captures', s] as const;
const tokenKey = (s: string) => ['viewer-token', s] as const;

export function useVideos(studyIuid: string) {
  return useQuery({
    queryKey: videosKey(studyIuid),
    queryFn: ({ signal }) => apiPost<PatientFile[]>('/UploadDicom/getVideoList', { study_iuid: studyIuid }, { signal }),
    enabled: !!studyIuid,
  });
}

export interface Capture {
  series_iuid: string;
  sop_iuid: string;
}

/** The study's captured stills (its Capture series, not deleted). */
export function useCaptures(studyIuid: string) {
  return useQuery({
    queryKey: capturesKey(studyIuid),
    queryFn: async ({ signal }): Promise<Capture[]> => {
      const list = await apiPost<DicomList>('/wado/getDicomList', { study_iuid: studyIuid }, { signal });
      return list.series
        .filter((s) => s.series_desc === CAPTURE_SERIES_DESC)
        .flatMap((s) =>
          s.instances.filter((i) => !i.del_image).map((i) => ({ series_iuid: s.series_iuid, sop_iuid: i.sop_iuid })),
        );
    },
    enabled: !!studyIuid,
  });
}

/** A viewer token of the study for <video> and <img> addresses (renewed before its 10 minutes run out). */
export function useViewerToken(studyIuid: string) {
  return useQuery({
    queryKey: tokenKey(studyIuid),
    queryFn: () => apiPost<{ token: string; expires_in: number }>('/wado/token', { study_iuid: studyIuid }),
    enabled: !!studyIuid,
    staleTime: 8 * 60_000,
    refetchInterval: 8 * 60_000,
  });
}

export const videoHref = (pk: number, token: string) => buildUrl('/UploadDicom/showFile', { pk, token });
export const thumbnailHref = (studyIuid: string, c: Capture, token: string) =>
  buildUrl('/wado', {
    requestType: 'WADO',
    studyUID: studyIuid,
    seriesUID: c.series_iuid,
    objectUID: c.sop_iuid,
    contentType: 'image/jpeg',
    rows: 160,
    columns: 160,
    token,
  });

function useStudyWrite<T, V>(studyIuid: string, fn: (v: V) => Promise<T>, refresh: 'videos' | 'captures') {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () =>
      qc.invalidateQueries({ queryKey: refresh === 'videos' ? videosKey(studyIuid) : capturesKey(studyIuid) }),
  });
}

/** Saves a grabbed frame (a JPEG data URL) to the study's images. */
export const useSaveCapture = (studyIuid: string) =>
  useStudyWrite(
    studyIuid,
    (image: string) => apiPost<CapturedImage>('/tool/saveOrderImage', { study_iuid: studyIuid, image }),
    'captures',
  );

const formOf = (studyIuid: string, file: File) => {
  const form = new FormData();
  form.set('study_iuid', studyIuid);
  form.set('file', file, file.name);
  return form;
};
export const useUploadImage = (studyIuid: string) =>
  useStudyWrite(
    studyIuid,
    (file: File) => apiPostForm<CapturedImage>('/api/order/uploadImg', formOf(studyIuid, file)),
    'captures',
  );
export const useUploadVideo = (studyIuid: string) =>
  useStudyWrite(
    studyIuid,
    (file: File) => apiPostForm<PatientFile>('/UploadDicom/uploadFile', formOf(studyIuid, file)),
    'videos',
  );
