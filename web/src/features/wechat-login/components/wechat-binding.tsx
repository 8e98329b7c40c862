import { WechatOutlined } from '@ant-design/icons';
import { App, Button, List } from 'antd';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@web/lib/api-error';
import { startWechat, useWechatBinding, useWechatUnbind, useWeixinLoginOffered } from '../api/wechat-login-api';
import { weixinLoginShow } from '../lib/show-binding';

/** The security tab's WeChat (QR sign-in) item, shown only when the local weixin_login_show setting is true. */
export function WechatBinding() {
  const { t } = useTranslation('wechat');
  const { modal, message } = App.useApp();
  const { data: offered } = useWeixinLoginOffered();
  const show = weixinLoginShow(offered);
  const { data } = useWechatBinding();
  const unbind = useWechatUnbind();
  if (!show) return null;
  const bound = data?.bound ?? false;

  const bind = async () => {
    try {
      await startWechat('bind');
    } catch (e) {
      void message.error(isApiError(e) ? e.message : t('startFailed'));
    }
  };
  const okButtonProps = { danger: true, 'data-testid': 'wechat-unbind-ok' };
  const confirmUnbind = () =>
    modal.confirm({
      title: t('unbindConfirm'),
      okButtonProps,
      onOk: async () => {
        void message.success(await unbind.mutateAsync());
      },
    });

  return (
    <List.Item
      data-testid="security-wechat"
      data-bound={bound ? 'true' : 'false'}
      actions={[
        bound ? (
          <Button key="unbind" type="link" danger onClick={confirmUnbind} data-testid="wechat-unbind">
            {t('unbind')}
          </Button>
        ) : (
          <Button key="bind" type="link" onClick={() => void bind()} data-testid="wechat-bind">
            {t('bind')}
          </Button>
        ),
      ]}
    >
      <List.Item.Meta
        avatar={<WechatOutlined style={{ fontSize: 24, color: '#07c160' }} />}
        title={t('itemTitle')}
        description={bound ? t('boundAs', { id: data?.open_id_mask ?? '' }) : t('unbound')}
      />
    </List.Item>
  );
}
