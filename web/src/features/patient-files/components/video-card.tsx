import { ReloadOutlined, UploadOutlined, VideoCameraOutlined } from '@ant-design/icons';
import { Button, Card, Empty, List, Space, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { VIDEO_ACCEPT, VIDEO_MAX_BYTES, VIDEO_MAX_MIB, type PatientFile } from '@shared/schemas/patient-files';
import { feedback } from '@web/lib/feedback';
import { useUploadVideo, videoHref } from '../api/video-api';
import { hospitalTime } from '@web/lib/hospital-time';

interface Props {
  studyIuid: string;
  videos: PatientFile[] | undefined;
  /** The viewer token the player's address carries. */
  token: string | undefined;
  mayAdd: boolean;
  onRefresh: () => void;
}

/** The study's videos: a player (the first one until another is chosen), the list, upload and refresh. */
export function VideoCard({ studyIuid, videos, token, mayAdd, onRefresh }: Props) {
  const { t } = useTranslation('imageUpload');
  const uploadVideo = useUploadVideo(studyIuid);
  const [playing, setPlaying] = useState<number>();
  const current = playing ?? videos?.[0]?.pk;

  return (
    <Card
      size="small"
      title={t('video.videos')}
      style={{ flex: 1, minWidth: 480 }}
      extra={
        <Space>
          {mayAdd && (
            <Upload
              accept={VIDEO_ACCEPT}
              showUploadList={false}
              beforeUpload={(file) => {
                if (file.size > VIDEO_MAX_BYTES)
                  void feedback().message.error(t('video.videoAccept', { mib: VIDEO_MAX_MIB }));
                else
                  void uploadVideo
                    .mutateAsync(file)
                    .then((v) => feedback().message.success(t('video.videoAdded', { name: v.name })))
                    .catch(() => undefined);
                return false;
              }}
            >
              <Button icon={<UploadOutlined />} loading={uploadVideo.isPending} data-testid="video-upload">
                {t('video.uploadVideo')}
              </Button>
            </Upload>
          )}
          <Button icon={<ReloadOutlined />} onClick={onRefresh} data-testid="video-refresh">
            {t('video.refresh')}
          </Button>
        </Space>
      }
    >
      {current !== undefined && token ? (
        <video
          key={current}
          controls
          src={videoHref(current, token)}
          style={{ width: '100%', maxHeight: 480, background: '#000' }}
          data-testid="video-player"
        />
      ) : (
        <Empty description={t('video.noVideos')} />
      )}
      {!!videos?.length && (
        <List
          size="small"
          dataSource={videos}
          data-testid="video-list"
          renderItem={(v) => (
            <List.Item
              onClick={() => setPlaying(v.pk)}
              style={{ cursor: 'pointer', fontWeight: v.pk === current ? 600 : undefined }}
              data-testid="video-item"
            >
              <VideoCameraOutlined /> {v.name}
              <Typography.Text type="secondary">{hospitalTime(v.create_time)}</Typography.Text>
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
