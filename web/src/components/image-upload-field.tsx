import { DeleteOutlined, PictureOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Flex, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SIGN_IMAGE_MAX_BYTES, SIGN_IMAGE_MAX_PX } from '@shared/schemas/image-asset';
import { isApiError } from '@web/lib/api-error';
import { testIdProp } from '@web/lib/test-id';

const ACCEPT = '.jpg,.jpeg,.png,image/jpeg,image/png';

interface Props {
  label: string;
  /** The address the image is shown from ('' none). */
  value: string;
  /** data-testid prefix: `<id>`, `<id>-image`, `<id>-upload`, `<id>-remove`, `<id>-error`. */
  testId: string;
  /** Stores the file (the server checks it); resolves once the new address is known. */
  onUpload: (file: File) => Promise<unknown>;
  onRemove: () => Promise<unknown>;
  /** Preview box size: a signature or header is wide, a seal or logo square. */
  wide?: boolean;
}

/**
 * An image the server keeps (signature, seal, logo, header): its preview, upload and remove, saved at once.
 * The server decides what it accepts (jpg/png by its bytes, size, pixels); its message shows under the preview.
 */
export function ImageUploadField({ label, value, testId, onUpload, onRemove, wide = false }: Props) {
  const { t } = useTranslation('common');
  const [busy, setBusy] = useState<'upload' | 'remove' | null>(null);
  const [error, setError] = useState('');
  const run = async (kind: 'upload' | 'remove', work: () => Promise<unknown>) => {
    setBusy(kind);
    setError('');
    try {
      await work();
    } catch (e) {
      setError(isApiError(e) ? e.message : t('errors.generic'));
    } finally {
      setBusy(null);
    }
  };
  const box = wide ? { width: 240, height: 80 } : { width: 110, height: 110 };

  return (
    <div data-testid={testId} data-state={value ? 'set' : 'empty'}>
      <Typography.Text strong>{label}</Typography.Text>
      <Flex gap={16} align="center" style={{ marginTop: 8 }}>
        <div
          className="image-upload-preview"
          style={{
            ...box,
            border: '1px dashed #d9d9d9',
            borderRadius: 6,
            display: 'grid',
            placeItems: 'center',
            background: '#fafafa',
            overflow: 'hidden',
          }}
        >
          {value ? (
            <img
              src={value}
              alt={label}
              data-testid={`${testId}-image`}
              style={{ maxWidth: '100%', maxHeight: '100%' }}
            />
          ) : (
            <Typography.Text type="secondary">
              <PictureOutlined /> {t('imageField.none')}
            </Typography.Text>
          )}
        </div>
        <Flex vertical gap={8}>
          <Upload
            accept={ACCEPT}
            showUploadList={false}
            maxCount={1}
            beforeUpload={(file) => {
              void run('upload', () => onUpload(file));
              return false; // our own request, not antd's
            }}
          >
            <Button icon={<UploadOutlined />} loading={busy === 'upload'} {...testIdProp(`${testId}-upload`)}>
              {value ? t('imageField.replace') : t('imageField.upload')}
            </Button>
          </Upload>
          {value && (
            <Button
              danger
              icon={<DeleteOutlined />}
              loading={busy === 'remove'}
              onClick={() => void run('remove', onRemove)}
              {...testIdProp(`${testId}-remove`)}
            >
              {t('imageField.remove')}
            </Button>
          )}
        </Flex>
      </Flex>
      <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0', fontSize: 12 }}>
        {t('imageField.hint', { kib: SIGN_IMAGE_MAX_BYTES / 1024, px: SIGN_IMAGE_MAX_PX })}
      </Typography.Paragraph>
      {error && (
        <Typography.Paragraph type="danger" style={{ margin: '4px 0 0' }} data-testid={`${testId}-error`} role="alert">
          {error}
        </Typography.Paragraph>
      )}
    </div>
  );
}
