import { CheckOutlined, CopyOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input, Modal, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppCredentials } from '@shared/schemas/apps';

interface Props {
  /** The app's name and the credentials just issued, or null when closed. */
  shown: (AppCredentials & { app_name: string }) | null;
  onClose: () => void;
}

function CopyField({ label, value, testId }: { label: string; value: string; testId: string }) {
  const { t } = useTranslation('apps');
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard.writeText(value);
    setCopied(true);
  };
  return (
    <Form.Item label={label} style={{ marginBottom: 12 }}>
      <Space.Compact style={{ width: '100%' }}>
        <Input readOnly value={value} data-testid={`${testId}-value`} style={{ fontFamily: 'monospace' }} />
        <Button
          icon={copied ? <CheckOutlined /> : <CopyOutlined />}
          onClick={() => void copy()}
          data-testid={`${testId}-copy`}
        >
          {copied ? t('secret.copied') : t('secret.copy')}
        </Button>
      </Space.Compact>
    </Form.Item>
  );
}

/** The client_id and client_secret of a new app or a reset, shown once; closing forgets them. */
export function AppSecretDialog({ shown, onClose }: Props) {
  const { t } = useTranslation('apps');
  return (
    <Modal
      open={shown !== null}
      title={t('secret.title', { name: shown?.app_name ?? '' })}
      closable={false}
      maskClosable={false}
      keyboard={false}
      width={600}
      footer={
        <Button type="primary" onClick={onClose} data-testid="app-secret-done">
          {t('secret.done')}
        </Button>
      }
      destroyOnHidden
    >
      <div data-testid="app-secret-dialog">
        <Alert
          type="warning"
          showIcon
          title={t('secret.warning')}
          description={t('secret.warningText')}
          style={{ marginBottom: 16 }}
          data-testid="app-secret-warning"
        />
        <Form layout="vertical" component="div">
          <CopyField label={t('fields.client_id')} value={shown?.client_id ?? ''} testId="app-client-id" />
          <CopyField label={t('fields.client_secret')} value={shown?.client_secret ?? ''} testId="app-client-secret" />
        </Form>
      </div>
    </Modal>
  );
}
