import { Button, List, Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { SUPER_ADMIN_ROLE_PK } from '@shared/constants';
import { useUserInfo } from '@web/lib/user-info';

/** Spec: role 1 also sees the hidden functions here. */
const HIDDEN_FUNCTIONS = [
  ['orderImage', '/orderImage'],
  ['wxmenu', '/wxmenu'],
  ['fileCount', '/fileCount'],
  ['pwdErrorList', '/pwdErrorList'],
  ['useTime', '/useTime'],
] as const;

export function SecurityTab({ extra }: { extra?: ReactNode }) {
  const { t } = useTranslation('account');
  const { data } = useUserInfo();
  const isAdmin = data?.user.role_pk === SUPER_ADMIN_ROLE_PK;
  return (
    <div data-testid="settings-security">
      <Typography.Title level={5}>{t('tabs.security')}</Typography.Title>
      <List itemLayout="horizontal">{extra}</List>
      {isAdmin && (
        <>
          <Typography.Title level={5} style={{ marginTop: 24 }}>
            {t('security.hidden')}
          </Typography.Title>
          <Space wrap data-testid="security-hidden">
            {HIDDEN_FUNCTIONS.map(([key, path]) => (
              <Link key={key} to={path}>
                <Button>{t(`security.${key}`)}</Button>
              </Link>
            ))}
          </Space>
        </>
      )}
    </div>
  );
}
