import { BarChartOutlined, LockOutlined } from '@ant-design/icons';
import { Button, List, Space, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { SUPER_ADMIN_ROLE_PK } from '@shared/constants';
import { useUserInfo } from '@web/lib/user-info';
import { useWorkloadLink } from '../api/workload-link';
import { PasswordDialog } from './password-dialog';

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
  const [changing, setChanging] = useState(false);
  const workloadLink = useWorkloadLink();
  return (
    <div data-testid="settings-security">
      <Typography.Title level={5}>{t('tabs.security')}</Typography.Title>
      <List itemLayout="horizontal">
        <List.Item
          data-testid="security-password"
          actions={[
            <Button key="change" type="link" onClick={() => setChanging(true)} data-testid="password-change">
              {t('password.change')}
            </Button>,
          ]}
        >
          <List.Item.Meta
            avatar={<LockOutlined style={{ fontSize: 24 }} />}
            title={t('password.itemTitle')}
            description={t('password.itemDesc')}
          />
        </List.Item>
        {workloadLink && (
          <List.Item
            data-testid="security-workload"
            actions={[
              <Link key="open" to="/zhanjiang" data-testid="security-workload-link">
                {t('security.workload')}
              </Link>,
            ]}
          >
            <List.Item.Meta avatar={<BarChartOutlined style={{ fontSize: 24 }} />} title={t('security.workload')} />
          </List.Item>
        )}
        {extra}
      </List>
      <PasswordDialog open={changing} onClose={() => setChanging(false)} />
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
