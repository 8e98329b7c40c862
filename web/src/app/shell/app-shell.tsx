import { Drawer, Grid, Layout } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router-dom';
import type { UserInfo } from '@shared/schemas/auth';
import { StickyTopContext } from '@web/components/sticky-top';
import { useFootTitle } from '@web/features/auth/api/foot-title';
import { SettingsDrawer } from '@web/features/layout-settings/components/settings-drawer';
import { currentLocale } from '@web/lib/i18n';
import { systemTitle } from '@web/lib/system-title';
import { useLayoutStore } from '@web/features/layout-settings/stores/layout-store';
import { MultiTab } from '@web/features/tabs/components/multi-tab';
import { findMenuTitle, NavMenu } from './nav-menu';
import { usePageTitle } from './page-title';
import { HEADER_HEIGHT, Logo, ShellHeader } from './shell-header';
import { useAutoHideHeader } from './use-auto-hide-header';

const { Sider, Content, Footer } = Layout;
const SIDER_WIDTH = 208;

/** The signed-in frame: menu (side, top or drawer), header, tabs, page, settings drawer. */
export function AppShell({ info }: { info: UserInfo }) {
  const { t } = useTranslation('shell');
  const screens = Grid.useBreakpoint();
  const { pathname } = useLocation();
  const { data: foot } = useFootTitle();
  const { settings, appliedFor, apply } = useLayoutStore();
  const mobile = screens.sm === false;
  // Collapsed below 1200 px; a toggle holds until the breakpoint changes again.
  const autoCollapsed = screens.xl === false;
  const [toggled, setToggled] = useState({ collapsed: autoCollapsed, at: autoCollapsed });
  const collapsed = toggled.at === autoCollapsed ? toggled.collapsed : autoCollapsed;
  const [drawerMenu, setDrawerMenu] = useState(false);
  const headerHidden = useAutoHideHeader(settings.fixedHeader && settings.autoHideHeader);
  const title = systemTitle(foot?.title, currentLocale(), t('defaultTitle'));
  const stickyTop = settings.fixedHeader && !settings.autoHideHeader ? HEADER_HEIGHT : 0;
  const titleOf = (path: string) => findMenuTitle(info.menus, path) ?? t(`pages.${pageKey(path)}`, path);

  useEffect(() => {
    if (appliedFor !== info.user.pk) apply(info.user.layout, info.user.pk);
  }, [appliedFor, apply, info.user.layout, info.user.pk]);
  useEffect(() => {
    document.documentElement.style.filter = settings.colorWeak ? 'invert(80%)' : '';
    return () => {
      document.documentElement.style.filter = '';
    };
  }, [settings.colorWeak]);
  usePageTitle(`${titleOf(pathname)} - ${title}`);

  const top = settings.layout === 'top' && !mobile;
  const dark = settings.navTheme === 'dark';
  const fixedSider = !top && settings.fixSiderbar;

  const menu = (mode: 'inline' | 'horizontal', inDrawer = false) => (
    <NavMenu
      menus={info.menus}
      mode={mode}
      theme={settings.navTheme}
      collapsed={!inDrawer && collapsed}
      onNavigate={inDrawer ? () => setDrawerMenu(false) : undefined}
    />
  );

  return (
    <Layout style={{ minHeight: '100vh' }} data-testid="app-shell" data-layout={top ? 'top' : 'side'}>
      {!top && !mobile && (
        <Sider
          theme={settings.navTheme}
          width={SIDER_WIDTH}
          collapsible
          collapsed={collapsed}
          trigger={null}
          style={fixedSider ? { position: 'sticky', top: 0, height: '100vh', overflow: 'auto' } : undefined}
          data-testid="shell-sider"
        >
          <Logo title={title} collapsed={collapsed} dark={dark} />
          {menu('inline')}
        </Sider>
      )}
      {mobile && (
        <Drawer
          placement="left"
          open={drawerMenu}
          onClose={() => setDrawerMenu(false)}
          size={SIDER_WIDTH + 32}
          closable={false}
          styles={{ body: { padding: 0, background: dark ? '#001529' : '#fff' } }}
        >
          <Logo title={title} dark={dark} />
          {menu('inline', true)}
        </Drawer>
      )}
      <Layout>
        <ShellHeader
          title={title}
          top={top}
          topMenu={menu('horizontal')}
          mobile={mobile}
          collapsed={collapsed}
          dark={dark}
          fixed={settings.fixedHeader}
          hidden={headerHidden}
          onToggle={() => (mobile ? setDrawerMenu(true) : setToggled({ collapsed: !collapsed, at: autoCollapsed }))}
        />
        {settings.multiTab && (
          <div style={{ background: '#fff', padding: '6px 12px 0' }}>
            <MultiTab titleOf={titleOf} />
          </div>
        )}
        <Content style={{ margin: mobile ? 8 : 16 }}>
          <div
            style={top && settings.contentWidth === 'Fixed' ? { maxWidth: 1200, margin: '0 auto' } : undefined}
            data-testid="shell-content"
          >
            <StickyTopContext value={stickyTop}>
              <Outlet />
            </StickyTopContext>
          </div>
        </Content>
        <Footer style={{ textAlign: 'center', padding: '12px 16px', color: 'rgba(0,0,0,0.65)' }}>{foot?.data}</Footer>
      </Layout>
      <SettingsDrawer />
    </Layout>
  );
}

/** i18n key of a page that is not in the menu ('/account/collection' -> 'account_collection'). */
function pageKey(path: string): string {
  return path.replace(/^\//, '').replace(/\//g, '_') || 'home';
}
