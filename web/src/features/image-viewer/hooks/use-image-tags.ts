import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getToken } from '@web/lib/session-store';
import { fetchImageTags } from '../api/image-tags';
import { imageRefOf, studyOfImageId } from '../lib/image-ids';
import { imageToken } from '../lib/image-token';

/**
 * The header of the image a stack shows (its wadouri image id; the frames of one instance share it),
 * asked while `enabled` (the tag browser is open). The previous image's header stays until the next one
 * arrives; a header does not change, so it is asked once per image.
 */
export function useImageTags(imageId: string | undefined, enabled: boolean) {
  const ref = imageId ? imageRefOf(imageId) : null;
  const studyIuid = imageId ? studyOfImageId(imageId) : '';
  return useQuery({
    queryKey: ['viewer-image-tags', studyIuid, ref?.series_iuid, ref?.sop_iuid],
    queryFn: () =>
      fetchImageTags({
        study_iuid: studyIuid,
        series_iuid: ref!.series_iuid,
        sop_iuid: ref!.sop_iuid,
        // A window opened with a token alone: the token of the study, the newest one.
        token: getToken() ? undefined : imageToken(imageId!) || undefined,
      }),
    enabled: enabled && !!ref && !!studyIuid,
    placeholderData: keepPreviousData,
    staleTime: Infinity,
  });
}
