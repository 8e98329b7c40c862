import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { App, Avatar, Button, Dropdown, Space, Tooltip, type ButtonProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { LanguageSwitch } from '@web/components/language-switch';
import { BridgeStatus } from '@web/features/agent-bridge/components/bridge-status';
import { BridgeUpdateNotice } from '@web/features/agent-bridge/components/bridge-update-notice';
import { CriticalReminder } from '@web/features/critical/components/critical-reminder';
import { useLayoutStore } from '@web/features/layout-settings/stores/layout-store';
import { ServerClock } from '@web/features/server-time/components/server-clock';
import { useSessionStore } from '@web/lib/session-store';
import { signOut } from '@web/lib/sign-out';
import { useUserInfo } from '@web/lib/user-info';
import { useUserMenu } from './user-menu';

/** Right side of the header: lock, language, server time, user menu. */
export function HeaderActions({ compact, dark }: { compact: boolean; dark: boolean }) {
  const { t } = useTranslation('shell');
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const { data: info } = useUserInfo();
  const showLock = useLayoutStore((s) => s.settings.showLockScreen);
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
  const menu = useUserMenu(logout);
  const [menuOpen, setMenuOpen] = useState(false);

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
      <CriticalReminder dark={dark} />
      <BridgeStatus dark={dark} compact={compact} />
      <BridgeUpdateNotice dark={dark} compact={compact} />
      <LanguageSwitch dark={dark} />
      {!compact && <ServerClock dark={dark} />}
      <Dropdown
        menu={{
          ...menu,
          onClick: (e) => {
            setMenuOpen(false);
            menu.onClick?.(e);
          },
        }}
        trigger={['click']}
        open={menuOpen}
        onOpenChange={setMenuOpen}
        autoFocus
      >
        <Button
          type="text"
          style={{ color }}
          data-testid="shell-user-menu"
          aria-haspopup="menu"
          aria-expanded={menuOpen}
          // A menu button opens with ArrowDown too (WAI-ARIA menu button pattern), its first item focused.
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown') {
              e.preventDefault();
              setMenuOpen(true);
            }
          }}
        >
          <Avatar size="small" icon={<UserOutlined />} src={info?.user.head_photo || undefined} />
          {!compact && <span data-testid="shell-user-name">{name}</span>}
        </Button>
      </Dropdown>
    </Space>
  );
}
