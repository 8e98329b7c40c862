import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { PERMISSIONS } from '@shared/permissions';
import { usePermission } from '@web/lib/user-info';
import { useCaptures, useVideos, useViewerToken } from '../api/video-api';
import { useCapture } from '../hooks/use-capture';
import { CaptureCard } from './capture-card';
import { VideoCard } from './video-card';

/** /readingVideo?uid: the study's videos (player), its captured images, capture (F8) and refresh. */
export function ReadingVideoPage({ studyIuid }: { studyIuid: string }) {
  const { t } = useTranslation('imageUpload');
  const mayAdd = usePermission(PERMISSIONS.PATFILE_ADD);
  const videos = useVideos(studyIuid);
  const captures = useCaptures(studyIuid);
  const token = useViewerToken(studyIuid).data?.token;
  const camera = useCapture(studyIuid, mayAdd);

  if (!studyIuid) return <Result status="warning" title={t('video.noStudy')} />;
  const refresh = () => void Promise.all([videos.refetch(), captures.refetch()]);

  return (
    <div data-testid="video-page" style={{ display: 'flex', gap: 12, alignItems: 'flex-start', flexWrap: 'wrap' }}>
      <VideoCard studyIuid={studyIuid} videos={videos.data} token={token} mayAdd={mayAdd} onRefresh={refresh} />
      <CaptureCard studyIuid={studyIuid} captures={captures.data} token={token} mayAdd={mayAdd} camera={camera} />
    </div>
  );
}
