import { Card, Select, Space, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SUPER_ADMIN_ROLE_PK } from '@shared/constants';
import { useWechatHospitals } from '../api/account-api';
import { useUserInfo } from '@web/lib/user-info';
import { AccountForm } from './account-form';

/** /WeChatManage: a hospital's public account, and (super administrator) the platform's QR sign-in app. */
export function WechatAccountPage() {
  const { t } = useTranslation('wechat');
  const { data: info } = useUserInfo();
  const isSuper = info?.user.role_pk === SUPER_ADMIN_ROLE_PK;
  const own = info?.user.hospital_code ?? '';
  const { data: hospitals } = useWechatHospitals(isSuper);
  const [picked, setPicked] = useState<string | undefined>();
  const hospitalCode = isSuper ? (picked ?? hospitals?.[0]?.code ?? '') : own;

  const mp = (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {isSuper && (
        <Select
          style={{ width: 280 }}
          value={hospitalCode || undefined}
          onChange={setPicked}
          options={(hospitals ?? []).map((h) => ({ value: h.code, label: `${h.name} (${h.code})` }))}
          data-testid="wx-hospital"
          aria-label={t('manage.hospital')}
        />
      )}
      <Typography.Paragraph type="secondary">{t('manage.mpHint')}</Typography.Paragraph>
      {hospitalCode && <AccountForm key={hospitalCode} kind="mp" hospitalCode={hospitalCode} />}
    </Space>
  );
  const items = [
    { key: 'mp', label: t('manage.mpTab'), children: mp },
    ...(isSuper
      ? [
          {
            key: 'web',
            label: t('manage.webTab'),
            children: (
              <>
                <Typography.Paragraph type="secondary">{t('manage.webHint')}</Typography.Paragraph>
                <AccountForm kind="web" hospitalCode="" />
              </>
            ),
          },
        ]
      : []),
  ];
  return (
    <Card title={t('manage.title')} data-testid="wechat-manage">
      <Tabs items={items} />
    </Card>
  );
}
