import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Button, Layout } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { HeaderActions } from './header-actions';

export const HEADER_HEIGHT = 56;

export function Logo({ title, collapsed, dark }: { title: string; collapsed?: boolean; dark: boolean }) {
  return (
    <div
      style={{
        height: HEADER_HEIGHT,
        display: 'flex',
        alignItems: 'center',
        gap: 8,
        padding: collapsed ? '0 24px' : '0 16px',
        color: dark ? '#fff' : 'rgba(0,0,0,0.88)',
        fontWeight: 600,
        fontSize: 16,
        whiteSpace: 'nowrap',
        overflow: 'hidden',
        flex: 'none',
      }}
      data-testid="shell-title"
    >
      <img src={`${import.meta.env.BASE_URL}favicon.svg`} alt="" width={28} height={28} />
      {!collapsed && (
        // A long title (English) takes two lines rather than being cut at the menu's edge.
        <span style={{ whiteSpace: 'normal', lineHeight: 1.25, overflow: 'hidden', maxHeight: HEADER_HEIGHT }}>
          {title}
        </span>
      )}
    </div>
  );
}

type ShellHeaderProps = {
  title: string;
  /** Top layout: the logo and `topMenu` sit in the header instead of the menu toggle. */
  top: boolean;
  topMenu: ReactNode;
  mobile: boolean;
  collapsed: boolean;
  dark: boolean;
  fixed: boolean;
  hidden: boolean;
  onToggle: () => void;
};

export function ShellHeader({
  title,
  top,
  topMenu,
  mobile,
  collapsed,
  dark,
  fixed,
  hidden,
  onToggle,
}: ShellHeaderProps) {
  const { t } = useTranslation('shell');
  const headerDark = top && dark;
  return (
    <Layout.Header
      style={{
        position: fixed ? 'sticky' : 'relative',
        top: 0,
        // Above a table's fixed columns and sticky header (antd gives those z-index up to ~20).
        zIndex: 100,
        height: HEADER_HEIGHT,
        lineHeight: `${HEADER_HEIGHT}px`,
        padding: '0 12px 0 0',
        display: 'flex',
        alignItems: 'center',
        background: headerDark ? '#001529' : '#fff',
        boxShadow: '0 1px 4px rgba(0,21,41,0.08)',
        transform: hidden ? `translateY(-${HEADER_HEIGHT}px)` : undefined,
        transition: 'transform 0.2s',
      }}
      data-testid="shell-header"
    >
      {top ? (
        <>
          <Logo title={title} dark={dark} />
          {topMenu}
        </>
      ) : (
        <Button
          type="text"
          icon={mobile || collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
          onClick={onToggle}
          aria-label={t('toggleMenu')}
          style={{ width: HEADER_HEIGHT, height: HEADER_HEIGHT }}
          data-testid="shell-menu-toggle"
        />
      )}
      <div style={{ flex: top ? 'none' : 1 }} />
      <HeaderActions compact={mobile} dark={headerDark} />
    </Layout.Header>
  );
}
