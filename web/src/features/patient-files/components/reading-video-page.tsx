import { CameraOutlined, ReloadOutlined, UploadOutlined, VideoCameraOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Empty, Image, List, Result, Space, Typography, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PERMISSIONS } from '@shared/permissions';
import { CAPTURE_ACCEPT, VIDEO_ACCEPT, VIDEO_MAX_BYTES, VIDEO_MAX_MIB } from '@shared/schemas/patient-files';
import { feedback } from '@web/lib/feedback';
import { usePermission } from '@web/lib/user-info';
import {
  thumbnailHref,
  useCaptures,
  useSaveCapture,
  useUploadImage,
  useUploadVideo,
  useVideos,
  useViewerToken,
  videoHref,
} from '../api/video-api';
import { useCaptureDevice } from '../hooks/use-capture-device';

/** /readingVideo?uid: the study's videos (player), its captured images, capture (F8) and refresh. */
export function ReadingVideoPage({ studyIuid }: { studyIuid: string }) {
  const { t } = useTranslation('imageUpload');
  const mayAdd = usePermission(PERMISSIONS.PATFILE_ADD);
  const videos = useVideos(studyIuid);
  const captures = useCaptures(studyIuid);
  const token = useViewerToken(studyIuid).data?.token;
  const { video: preview, state: deviceState, reason, start, grab } = useCaptureDevice();
  const save = useSaveCapture(studyIuid);
  const uploadImage = useUploadImage(studyIuid);
  const uploadVideo = useUploadVideo(studyIuid);
  const [playing, setPlaying] = useState<number>();
  const current = playing ?? videos.data?.[0]?.pk;

  const capture = async () => {
    const image = grab();
    if (!image) return;
    await save.mutateAsync(image);
    void feedback().message.success(t('video.saved'));
  };
  const canCapture = mayAdd && deviceState === 'live' && !save.isPending;

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'F8') return;
      e.preventDefault();
      if (canCapture) void capture().catch(() => undefined);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  if (!studyIuid) return <Result status="warning" title={t('video.noStudy')} />;
  const refresh = () => void Promise.all([videos.refetch(), captures.refetch()]);
  const count = captures.data?.length ?? 0;

  return (
    <div data-testid="video-page" style={{ display: 'flex', gap: 12, alignItems: 'flex-start', flexWrap: 'wrap' }}>
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
            <Button icon={<ReloadOutlined />} onClick={refresh} data-testid="video-refresh">
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
        {!!videos.data?.length && (
          <List
            size="small"
            dataSource={videos.data}
            data-testid="video-list"
            renderItem={(v) => (
              <List.Item
                onClick={() => setPlaying(v.pk)}
                style={{ cursor: 'pointer', fontWeight: v.pk === current ? 600 : undefined }}
                data-testid="video-item"
              >
                <VideoCameraOutlined /> {v.name}
                <Typography.Text type="secondary">{new Date(v.create_time).toLocaleString()}</Typography.Text>
              </List.Item>
            )}
          />
        )}
      </Card>
      <Card size="small" title={t('video.camera')} style={{ width: 420, flex: 'none' }}>
        <video
          ref={preview}
          muted
          playsInline
          style={{ width: '100%', background: '#000', display: deviceState === 'live' ? 'block' : 'none' }}
          data-testid="capture-preview"
        />
        {deviceState === 'none' && (
          <Alert type="warning" showIcon title={t('video.noDevice')} data-testid="capture-no-device" />
        )}
        {deviceState === 'denied' && (
          <Alert type="error" showIcon title={t('video.deviceDenied', { reason: reason })} />
        )}
        {mayAdd && (
          <Space wrap style={{ marginTop: 8 }}>
            {deviceState !== 'live' && (
              <Button
                icon={<VideoCameraOutlined />}
                onClick={() => void start()}
                loading={deviceState === 'starting'}
                data-testid="capture-start"
              >
                {t('video.startCamera')}
              </Button>
            )}
            <Button
              type="primary"
              icon={<CameraOutlined />}
              disabled={!canCapture}
              loading={save.isPending}
              onClick={() => void capture().catch(() => undefined)}
              data-testid="capture-grab"
            >
              {deviceState === 'none' ? t('video.noDevice') : t('video.capture')}
            </Button>
            <Upload
              accept={CAPTURE_ACCEPT}
              showUploadList={false}
              beforeUpload={(file) => {
                if (!/\.jpe?g$/i.test(file.name)) void feedback().message.error(t('video.wrongImage'));
                else
                  void uploadImage
                    .mutateAsync(file)
                    .then(() => feedback().message.success(t('video.imageAdded')))
                    .catch(() => undefined);
                return false;
              }}
            >
              <Button icon={<UploadOutlined />} loading={uploadImage.isPending} data-testid="capture-upload">
                {t('video.uploadImage')}
              </Button>
            </Upload>
          </Space>
        )}
        <Typography.Title level={5} style={{ marginTop: 12 }}>
          {t('video.images')}{' '}
          <Typography.Text type="secondary" data-testid="capture-count" data-count={count}>
            {t('video.count', { count })}
          </Typography.Text>
        </Typography.Title>
        {count && token ? (
          <Image.PreviewGroup>
            <Space wrap data-testid="capture-thumbnails">
              {captures.data!.map((c) => (
                <Image
                  key={c.sop_iuid}
                  width={80}
                  height={80}
                  style={{ objectFit: 'cover' }}
                  src={thumbnailHref(studyIuid, c, token)}
                  data-testid="capture-thumbnail"
                />
              ))}
            </Space>
          </Image.PreviewGroup>
        ) : (
          <Empty description={t('video.noImages')} image={Empty.PRESENTED_IMAGE_SIMPLE} />
        )}
      </Card>
    </div>
  );
}
