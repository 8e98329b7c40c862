import { CopyOutlined } from '@ant-design/icons';
import { Button, Input, Modal, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  /** The user's display name and the password, or null when closed. */
  shown: { name: string; password: string } | null;
  onClose: () => void;
}

/** Shows a reset's one-time password once, with a copy button; closing forgets it. */
export function OneTimePassword({ shown, onClose }: Props) {
  const { t } = useTranslation('adminUser');
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    if (!shown) return;
    await navigator.clipboard.writeText(shown.password);
    setCopied(true);
  };
  return (
    <Modal
      open={shown !== null}
      title={t('oneTime.title')}
      closable={false}
      maskClosable={false}
      afterClose={() => setCopied(false)}
      footer={
        <Button type="primary" onClick={onClose} data-testid="user-otp-done">
          {t('oneTime.done')}
        </Button>
      }
      destroyOnHidden
    >
      <Typography.Paragraph>{t('oneTime.intro', { name: shown?.name ?? '' })}</Typography.Paragraph>
      <Space.Compact style={{ width: '100%' }}>
        <Input
          readOnly
          value={shown?.password ?? ''}
          data-testid="user-otp-value"
          style={{ fontFamily: 'monospace' }}
        />
        <Button icon={<CopyOutlined />} onClick={() => void copy()} data-testid="user-otp-copy">
          {copied ? t('oneTime.copied') : t('oneTime.copy')}
        </Button>
      </Space.Compact>
    </Modal>
  );
}
