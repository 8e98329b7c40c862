import { LockOutlined, LogoutOutlined, SettingOutlined, StarOutlined, UserOutlined } from '@ant-design/icons';
import { App, Avatar, Button, Dropdown, Space, Tooltip, type ButtonProps, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { PERMISSIONS } from '@shared/permissions';
import { LanguageSwitch } from '@web/components/language-switch';
import { BridgeStatus } from '@web/features/agent-bridge/components/bridge-status';
import { useLayoutStore } from '@web/features/layout-settings/stores/layout-store';
import { ServerClock } from '@web/features/server-time/components/server-clock';
import { useSessionStore } from '@web/lib/session-store';
import { signOut } from '@web/lib/sign-out';
import { can, useUserInfo } from '@web/lib/user-info';

/** Right side of the header: lock, language, server time, user menu. */
export function HeaderActions({ compact, dark }: { compact: boolean; dark: boolean }) {
  const { t } = useTranslation('shell');
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const { data: info } = useUserInfo();
  const showLock = useLayoutStore((s) => s.settings.showLockScreen);
  const openSettings = useLayoutStore((s) => s.setDrawerOpen);
  const color = dark ? 'rgba(255,255,255,0.85)' : undefined;

  const lock = () => {
    useSessionStore.getState().setLocked(true);
    navigate('/lock');
  };

  const logout = () =>
    modal.confirm({
      title: t('user.logoutConfirm'),
      okText: t('user.logout'),
      okButtonProps: { 'data-testid': 'logout-confirm' } as ButtonProps,
      onOk: async () => {
        await signOut();
        navigate('/user/login', { replace: true });
      },
    });

  const items: MenuProps['items'] = [
    ...(can(info, PERMISSIONS.USER)
      ? [
          {
            key: 'collection',
            icon: <StarOutlined />,
            label: <span data-testid="menu-collection">{t('user.collection')}</span>,
          },
        ]
      : []),
    {
      key: 'settings',
      icon: <SettingOutlined />,
      label: <span data-testid="menu-settings">{t('user.settings')}</span>,
    },
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: <span data-testid="menu-logout">{t('user.logout')}</span> },
  ];

  const onMenu: MenuProps['onClick'] = ({ key }) => {
    if (key === 'collection') navigate('/account/collection');
    else if (key === 'settings') openSettings(true);
    else if (key === 'logout') logout();
  };

  const name = info?.user.ch_name || info?.user.username || '';
  return (
    <Space size={4} style={{ color }}>
      {showLock && (
        <Tooltip title={t('user.lock')}>
          <Button
            type="text"
            icon={<LockOutlined />}
            style={{ color }}
            aria-label={t('user.lock')}
            onClick={lock}
            data-testid="shell-lock"
          />
        </Tooltip>
      )}
      <BridgeStatus dark={dark} compact={compact} />
      <LanguageSwitch dark={dark} />
      {!compact && <ServerClock dark={dark} />}
      <Dropdown menu={{ items, onClick: onMenu }} trigger={['click']}>
        <Button type="text" style={{ color }} data-testid="shell-user-menu">
          <Avatar size="small" icon={<UserOutlined />} src={info?.user.head_photo || undefined} />
          {!compact && <span data-testid="shell-user-name">{name}</span>}
        </Button>
      </Dropdown>
    </Space>
  );
}
