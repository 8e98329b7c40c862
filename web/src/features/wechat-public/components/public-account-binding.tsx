import { WechatOutlined } from '@ant-design/icons';
import { App, Button, List, QRCode, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@web/lib/api-error';
import { useUserInfo } from '@web/lib/user-info';
import { usePublicBind, usePublicUnbind } from '../api/public-bind-api';

/** The security tab's public-account item: a QR code to scan while unbound (asked again every 5 s), unbind. */
export function PublicAccountBinding() {
  const { t } = useTranslation('wechatPublic');
  const { modal, message } = App.useApp();
  const { data: info } = useUserInfo();
  const userId = info?.user.pk;
  const state = usePublicBind(userId);
  const unbind = usePublicUnbind(userId);
  const s = state.data;
  const status = !s
    ? state.isError
      ? 'error'
      : 'loading'
    : !s.available
      ? 'unavailable'
      : s.bound
        ? 'bound'
        : 'unbound';

  const confirmUnbind = () =>
    modal.confirm({
      title: t('unbindConfirm'),
      okButtonProps: { danger: true, 'data-testid': 'wx-public-unbind-ok' },
      onOk: async () => {
        void message.success(await unbind.mutateAsync());
      },
    });

  const noticeHint = s && s.bound && (!s.accept_wx_msg || !s.wechat_accept) && (
    <Typography.Text type="secondary" data-testid="wx-public-notice-off">
      {!s.accept_wx_msg ? t('hospitalOff') : t('userOff')}
    </Typography.Text>
  );

  return (
    <List.Item
      data-testid="security-wx-public"
      data-status={status}
      actions={
        s?.bound
          ? [
              <Button key="unbind" type="link" danger onClick={confirmUnbind} data-testid="wx-public-unbind">
                {t('unbind')}
              </Button>,
            ]
          : []
      }
    >
      <List.Item.Meta
        avatar={<WechatOutlined style={{ fontSize: 24 }} />}
        title={
          <Space>
            {t('title')}
            {s?.available && (
              <Tag color={s.bound ? 'success' : 'default'} data-testid="wx-public-tag">
                {s.bound ? t('bound') : t('unbound')}
              </Tag>
            )}
          </Space>
        }
        description={
          <Space orientation="vertical" size={4}>
            {state.isError && (
              <Typography.Text type="danger">
                {isApiError(state.error) ? state.error.message : t('failed')}
              </Typography.Text>
            )}
            {s && !s.available && <span>{t('unavailable')}</span>}
            {s?.bound && <span>{t('boundDesc')}</span>}
            {noticeHint}
            {s?.available && !s.bound && s.url && (
              <>
                <span>{t('scan')}</span>
                <QRCode value={s.url} size={160} data-testid="wx-public-qr" />
                <Typography.Text type="secondary">{t('waiting')}</Typography.Text>
              </>
            )}
          </Space>
        }
      />
    </List.Item>
  );
}
