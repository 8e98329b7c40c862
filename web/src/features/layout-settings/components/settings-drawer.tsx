import { Divider, Drawer, Segmented, Select, Switch, Tooltip, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { LayoutSettings } from '@shared/schemas/auth';
import { useSaveLayout } from '../api/save-layout';
import { useLayoutStore } from '../stores/layout-store';
import { ColorPicker } from './color-picker';

function Row({ label, children, hint }: { label: string; children: ReactNode; hint?: string }) {
  const row = (
    <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', padding: '8px 0' }}>
      <span>{label}</span>
      {children}
    </div>
  );
  return hint ? <Tooltip title={hint}>{row}</Tooltip> : row;
}

/** Menu theme, colour, layout and behaviour; each change applies at once and is saved for the user. */
export function SettingsDrawer() {
  const { t } = useTranslation('shell');
  const { settings, drawerOpen, setDrawerOpen, change } = useLayoutStore();
  const save = useSaveLayout();
  const top = settings.layout === 'top';

  const update = (patch: Partial<LayoutSettings>) => {
    change(patch);
    save.mutate(patch);
  };

  return (
    <Drawer
      title={t('settings.title')}
      open={drawerOpen}
      onClose={() => setDrawerOpen(false)}
      size={300}
      data-testid="settings-drawer"
    >
      <Typography.Title level={5}>{t('settings.style')}</Typography.Title>
      <Row label={t('settings.navTheme')}>
        <Segmented
          value={settings.navTheme}
          onChange={(v) => update({ navTheme: v as LayoutSettings['navTheme'] })}
          options={[
            { value: 'dark', label: t('settings.dark') },
            { value: 'light', label: t('settings.light') },
          ]}
          data-testid="settings-nav-theme"
        />
      </Row>
      <ColorPicker value={settings.primaryColor} onChange={(primaryColor) => update({ primaryColor })} />
      <Divider />
      <Typography.Title level={5}>{t('settings.navigation')}</Typography.Title>
      <Row label={t('settings.layout')}>
        <Segmented
          value={settings.layout}
          onChange={(v) => update({ layout: v as LayoutSettings['layout'] })}
          options={[
            { value: 'side', label: t('settings.side') },
            { value: 'top', label: t('settings.top') },
          ]}
          data-testid="settings-layout"
        />
      </Row>
      <Row label={t('settings.contentWidth')} hint={top ? undefined : t('settings.contentWidthHint')}>
        <Select
          size="small"
          style={{ width: 96 }}
          disabled={!top}
          value={top ? settings.contentWidth : 'Fluid'}
          onChange={(v: LayoutSettings['contentWidth']) => update({ contentWidth: v })}
          options={[
            { value: 'Fixed', label: t('settings.fixed') },
            { value: 'Fluid', label: t('settings.fluid') },
          ]}
          data-testid="settings-content-width"
        />
      </Row>
      <Row label={t('settings.fixedHeader')}>
        <Switch
          size="small"
          checked={settings.fixedHeader}
          onChange={(v) => update({ fixedHeader: v, ...(v ? {} : { autoHideHeader: false }) })}
          data-testid="settings-fixed-header"
        />
      </Row>
      <Row label={t('settings.autoHideHeader')} hint={settings.fixedHeader ? undefined : t('settings.autoHideHint')}>
        <Switch
          size="small"
          disabled={!settings.fixedHeader}
          checked={settings.autoHideHeader}
          onChange={(v) => update({ autoHideHeader: v })}
          data-testid="settings-auto-hide-header"
        />
      </Row>
      <Row label={t('settings.fixSiderbar')} hint={top ? t('settings.fixSiderbarHint') : undefined}>
        <Switch
          size="small"
          disabled={top}
          checked={!top && settings.fixSiderbar}
          onChange={(v) => update({ fixSiderbar: v })}
          data-testid="settings-fix-sider"
        />
      </Row>
      <Divider />
      <Typography.Title level={5}>{t('settings.other')}</Typography.Title>
      <Row label={t('settings.colorWeak')}>
        <Switch
          size="small"
          checked={settings.colorWeak}
          onChange={(v) => update({ colorWeak: v })}
          data-testid="settings-color-weak"
        />
      </Row>
      <Row label={t('settings.multiTab')}>
        <Switch
          size="small"
          checked={settings.multiTab}
          onChange={(v) => update({ multiTab: v })}
          data-testid="settings-multi-tab"
        />
      </Row>
      <Row label={t('settings.showLockScreen')}>
        <Switch
          size="small"
          checked={settings.showLockScreen}
          onChange={(v) => update({ showLockScreen: v })}
          data-testid="settings-lock-screen"
        />
      </Row>
    </Drawer>
  );
}
