import { Card, Grid, Tabs } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { BaseTab } from './base-tab';
import { CustomTab } from './custom-tab';
import { HotkeysTab } from './hotkeys-tab';
import { SecurityTab } from './security-tab';

const TABS = ['base', 'security', 'custom', 'hotkeys'] as const;
type TabKey = (typeof TABS)[number];

interface AccountSettingsPageProps {
  /** Items the app adds to the security tab (the certificate binding). */
  securityItems?: ReactNode;
}

/** Personal settings: tabs on the left, on top on phones; the open tab is in the URL (?tab=). */
export function AccountSettingsPage({ securityItems }: AccountSettingsPageProps) {
  const { t } = useTranslation('account');
  const screens = Grid.useBreakpoint();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const active: TabKey = TABS.includes(requested as TabKey) ? (requested as TabKey) : 'base';
  const placement = screens.md ? 'start' : 'top';

  const content: Record<TabKey, ReactNode> = {
    base: <BaseTab />,
    security: <SecurityTab extra={securityItems} />,
    custom: <CustomTab />,
    hotkeys: <HotkeysTab />,
  };

  return (
    <Card data-testid="account-settings" data-placement={placement}>
      <Tabs
        activeKey={active}
        onChange={(k) => setParams({ tab: k }, { replace: true })}
        tabPlacement={placement}
        items={TABS.map((key) => ({
          key,
          label: <span data-testid={`settings-tab-${key}`}>{t(`tabs.${key}`)}</span>,
          children: content[key],
        }))}
      />
    </Card>
  );
}
