import { CloseOutlined } from '@ant-design/icons';
import { Dropdown, Tabs } from 'antd';
import { type KeyboardEvent, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { useTabsStore, type PageTab } from '../stores/tabs-store';
import './multi-tab.css';

interface MultiTabProps {
  /** The page title of a route path (from the menu). */
  titleOf: (path: string) => string;
}

type Action = 'close' | 'closeRight' | 'closeLeft' | 'closeAll';

/**
 * One tab per visited page; context menu close, close right, close left, close all. A tab's close mark is
 * inside the tab and the Delete key on a focused tab closes it (the WAI-ARIA tabs pattern): antd's own close
 * button sits beside the tab, a control the tab list may not own.
 */
export function MultiTab({ titleOf }: MultiTabProps) {
  const { t } = useTranslation('shell');
  const location = useLocation();
  const navigate = useNavigate();
  const { tabs, visit } = useTabsStore();
  const activeKey = location.pathname;

  useEffect(() => {
    // The root only redirects to the order list; it is never a page of its own.
    if (location.pathname === '/') return;
    visit(location.pathname, location.pathname + location.search);
  }, [location.pathname, location.search, visit]);

  const run = (action: Action, key: string) => {
    const left: PageTab[] = useTabsStore.getState()[action](key);
    if (!left.some((tab) => tab.key === activeKey)) {
      const fallback = left.find((tab) => tab.key === key) ?? left[left.length - 1];
      if (fallback) navigate(fallback.fullPath);
    }
  };

  const closable = tabs.length > 1;
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const key = (e.target as HTMLElement).closest('[data-node-key]')?.getAttribute('data-node-key');
    if (e.key !== 'Delete' || !closable || !key || (e.target as HTMLElement).getAttribute('role') !== 'tab') return;
    e.preventDefault();
    run('close', key);
  };
  const items = tabs.map((tab, i) => ({
    key: tab.key,
    closable: false,
    label: (
      <Dropdown
        trigger={['contextMenu']}
        menu={{
          items: [
            { key: 'close', label: <span data-testid="tab-menu-close">{t('tabs.close')}</span>, disabled: !closable },
            {
              key: 'closeRight',
              label: <span data-testid="tab-menu-closeRight">{t('tabs.closeRight')}</span>,
              disabled: i === tabs.length - 1,
            },
            {
              key: 'closeLeft',
              label: <span data-testid="tab-menu-closeLeft">{t('tabs.closeLeft')}</span>,
              disabled: i === 0,
            },
            {
              key: 'closeAll',
              label: <span data-testid="tab-menu-closeAll">{t('tabs.closeAll')}</span>,
              disabled: !closable,
            },
          ],
          onClick: ({ key }) => run(key as Action, tab.key),
        }}
      >
        <span className="rx-tab-label">
          <span data-testid="tab" data-tab-key={tab.key}>
            {titleOf(tab.key)}
          </span>
          {closable && (
            <CloseOutlined
              aria-hidden
              className="rx-tab-close"
              data-testid="tab-close"
              onClick={(e) => {
                e.stopPropagation();
                run('close', tab.key);
              }}
            />
          )}
        </span>
      </Dropdown>
    ),
  }));

  return (
    // The Delete key reaches it from the focused tab.
    <div onKeyDown={onKeyDown}>
      <Tabs
        type="card"
        size="small"
        activeKey={activeKey}
        items={items}
        onChange={(key) => {
          const tab = tabs.find((x) => x.key === key);
          if (tab) navigate(tab.fullPath);
        }}
        tabBarStyle={{ margin: 0 }}
        data-testid="multi-tab"
      />
    </div>
  );
}
