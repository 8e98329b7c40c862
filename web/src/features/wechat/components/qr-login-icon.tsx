import { WechatOutlined } from '@ant-design/icons';
import { App, Button, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@web/lib/api-error';
import { startWechat, useWeixinLoginOffered } from '../api/wechat-api';

/** The login page's QR sign-in icon: shown when the server offers it; goes to the platform's QR page. */
export function QrLoginIcon() {
  const { t } = useTranslation('wechat');
  const { message } = App.useApp();
  const { data: offered } = useWeixinLoginOffered();
  const [busy, setBusy] = useState(false);
  if (!offered) return null;
  const go = async () => {
    setBusy(true);
    try {
      await startWechat('login');
    } catch (e) {
      setBusy(false);
      void message.error(isApiError(e) ? e.message : t('startFailed'));
    }
  };
  return (
    <Tooltip title={t('qrLogin')}>
      <Button
        shape="circle"
        size="large"
        icon={<WechatOutlined style={{ color: '#07c160' }} />}
        loading={busy}
        onClick={() => void go()}
        aria-label={t('qrLogin')}
        data-testid="login-wechat"
        style={{ marginTop: 16 }}
      />
    </Tooltip>
  );
}
