import { SafetyCertificateOutlined } from '@ant-design/icons';
import { App, Button, List, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserInfo } from '@web/lib/user-info';
import { useCertUnbind } from '../api/cert';
import { BindDialog } from './bind-dialog';

/** The security tab's certificate item: bound or not, bind (again) and unbind with confirmation. */
export function CertBinding() {
  const { t } = useTranslation('account');
  const { modal, message } = App.useApp();
  const { data } = useUserInfo();
  const unbind = useCertUnbind();
  const [binding, setBinding] = useState(false);
  const usbKey = data?.user.usb_key ?? '';

  const okButtonProps = { danger: true, 'data-testid': 'cert-unbind-ok' };
  const confirmUnbind = () =>
    modal.confirm({
      title: t('cert.unbindConfirm'),
      okButtonProps,
      onOk: async () => {
        const msg = await unbind.mutateAsync();
        void message.success(msg);
      },
    });

  return (
    <List.Item
      data-testid="security-cert"
      data-bound={usbKey ? 'true' : 'false'}
      actions={[
        <Button key="bind" type="link" onClick={() => setBinding(true)} data-testid="cert-bind">
          {usbKey ? t('cert.rebind') : t('cert.bind')}
        </Button>,
        ...(usbKey
          ? [
              <Button key="unbind" type="link" danger onClick={confirmUnbind} data-testid="cert-unbind">
                {t('cert.unbind')}
              </Button>,
            ]
          : []),
      ]}
    >
      <List.Item.Meta
        avatar={<SafetyCertificateOutlined style={{ fontSize: 24 }} />}
        title={t('cert.itemTitle')}
        description={
          <Space orientation="vertical" size={0}>
            <span>{usbKey ? t('cert.bound') : t('cert.unbound')}</span>
            {usbKey && (
              <Typography.Text type="secondary" copyable={{ text: usbKey }} data-testid="cert-fingerprint">
                {t('cert.fingerprint', { value: `${usbKey.slice(0, 16)}…` })}
              </Typography.Text>
            )}
          </Space>
        }
      />
      <BindDialog open={binding} onClose={() => setBinding(false)} />
    </List.Item>
  );
}
