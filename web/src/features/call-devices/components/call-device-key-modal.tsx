import { Alert, Descriptions, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { WEB_BASE } from '@shared/constants';
import { screenUrl } from '../lib/call-device-list';

/** The device key, shown this once (only its hash is kept), with the screen address that carries it. */
export function CallDeviceKeyModal({
  issued,
  onClose,
}: {
  issued: { pk: number; device_key: string } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('callDevice');
  const url = issued ? screenUrl(window.location.origin, WEB_BASE, issued.pk, issued.device_key) : '';
  return (
    <Modal
      open={issued !== null}
      title={t('key.title')}
      onCancel={onClose}
      onOk={onClose}
      cancelButtonProps={{ style: { display: 'none' } }}
      width={720}
    >
      <Alert type="warning" showIcon title={t('key.once')} style={{ marginBottom: 16 }} />
      <Descriptions column={1} bordered size="small">
        <Descriptions.Item label={t('key.key')}>
          <Typography.Text copyable code data-testid="call-key-value">
            {issued?.device_key}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('key.url')}>
          <Typography.Link href={url} target="_blank" copyable={{ text: url }} data-testid="call-key-url">
            {url}
          </Typography.Link>
        </Descriptions.Item>
      </Descriptions>
      <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
        {t('key.help')}
      </Typography.Paragraph>
    </Modal>
  );
}
