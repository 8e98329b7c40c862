import { CameraOutlined, UploadOutlined, VideoCameraOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Empty, Image, Space, Typography, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { CAPTURE_ACCEPT } from '@shared/schemas/patient-files';
import { feedback } from '@web/lib/feedback';
import { type Capture, thumbnailHref, useUploadImage } from '../api/video-api';
import type { CaptureControl } from '../hooks/use-capture';

interface Props {
  studyIuid: string;
  captures: Capture[] | undefined;
  /** The viewer token the thumbnails' addresses carry. */
  token: string | undefined;
  mayAdd: boolean;
  camera: CaptureControl;
}

/** The camera's preview, capture and image upload, and the study's captured images. */
export function CaptureCard({ studyIuid, captures, token, mayAdd, camera }: Props) {
  const { t } = useTranslation('imageUpload');
  const uploadImage = useUploadImage(studyIuid);
  const { video: preview, state: deviceState, reason, start } = camera.device;
  const count = captures?.length ?? 0;

  return (
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
      {deviceState === 'denied' && <Alert type="error" showIcon title={t('video.deviceDenied', { reason: reason })} />}
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
            disabled={!camera.canCapture}
            loading={camera.saving}
            onClick={() => void camera.capture().catch(() => undefined)}
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
            {captures!.map((c) => (
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
  );
}
