import {
  BarChartOutlined,
  BgColorsOutlined,
  DownloadOutlined,
  LogoutOutlined,
  SettingOutlined,
  StarOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import type { MenuProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { PERMISSIONS, type PermissionCode } from '@shared/permissions';
import { useLayoutStore } from '@web/features/layout-settings/stores/layout-store';
import { can, useUserInfo } from '@web/lib/user-info';

interface Entry {
  key: 'collection' | 'settings' | 'userWork' | 'uploadZip' | 'tools' | 'personalise';
  icon: ReactNode;
  /** The page it opens; entries whose page has no screen yet are left out. */
  path?: string;
  permission?: PermissionCode;
}

/**
 * The spec's user menu: collection, settings, user work statistics, upload zip, tool download, personalise
 * (the layout drawer), then logout. Each entry shows only when the user may open its page.
 */
const ENTRIES: Entry[] = [
  { key: 'collection', icon: <StarOutlined />, path: '/account/collection', permission: PERMISSIONS.USER },
  { key: 'settings', icon: <SettingOutlined />, path: '/account/settings' },
  { key: 'userWork', icon: <BarChartOutlined />, path: '/UserWorkCount', permission: PERMISSIONS.STATS_VIEW },
  { key: 'uploadZip', icon: <UploadOutlined />, path: '/uploadZip', permission: PERMISSIONS.UPLOAD_ZIP },
  { key: 'tools', icon: <DownloadOutlined />, path: '/tools' },
  { key: 'personalise', icon: <BgColorsOutlined /> },
];

export function useUserMenu(onLogout: () => void): MenuProps {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const { data: info } = useUserInfo();
  const openDrawer = useLayoutStore((s) => s.setDrawerOpen);
  const shown = ENTRIES.filter((e) => !e.permission || can(info, e.permission));
  const items: MenuProps['items'] = [
    ...shown.map((e) => ({
      key: e.key,
      icon: e.icon,
      label: <span data-testid={`menu-${e.key}`}>{t(`user.${e.key}`)}</span>,
    })),
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: <span data-testid="menu-logout">{t('user.logout')}</span> },
  ];
  const onClick: MenuProps['onClick'] = ({ key }) => {
    const entry = ENTRIES.find((e) => e.key === key);
    if (key === 'logout') onLogout();
    else if (key === 'personalise') openDrawer(true);
    else if (entry?.path) navigate(entry.path);
  };
  return { items, onClick };
}
