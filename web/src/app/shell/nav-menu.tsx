import { Menu, type MenuProps } from 'antd';
import { useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { MenuItem } from '@shared/schemas/auth';
import { MenuIcon } from './menu-icons';

type Items = NonNullable<MenuProps['items']>;

function toItems(menus: MenuItem[]): Items {
  return menus.map((m) =>
    m.children?.length
      ? {
          key: m.key,
          icon: <MenuIcon name={m.icon} />,
          label: <span data-testid={`menu-${m.key}`}>{m.title}</span>,
          children: toItems(m.children),
        }
      : {
          key: m.path || m.key,
          icon: <MenuIcon name={m.icon} />,
          label: <span data-testid={`menu-${m.key}`}>{m.title}</span>,
        },
  );
}

/** Keys of the groups that lead to `path`, to open them. */
function parentsOf(menus: MenuItem[], path: string, trail: string[] = []): string[] | null {
  for (const m of menus) {
    if (m.path && m.path === path) return trail;
    if (m.children) {
      const found = parentsOf(m.children, path, [...trail, m.key]);
      if (found) return found;
    }
  }
  return null;
}

interface NavMenuProps {
  menus: MenuItem[];
  mode: 'inline' | 'horizontal';
  theme: 'dark' | 'light';
  collapsed?: boolean;
  onNavigate?: () => void;
}

/** The server's menu tree as an antd Menu; leaves navigate to their path. */
export function NavMenu({ menus, mode, theme, collapsed, onNavigate }: NavMenuProps) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const items = useMemo(() => toItems(menus), [menus]);
  // The groups leading to the current page open on each navigation; others stay as the user left them.
  const [open, setOpen] = useState(() => parentsOf(menus, pathname) ?? []);
  const [openFor, setOpenFor] = useState(pathname);
  if (openFor !== pathname) {
    setOpenFor(pathname);
    setOpen((o) => [...new Set([...o, ...(parentsOf(menus, pathname) ?? [])])]);
  }
  return (
    <Menu
      mode={mode}
      theme={theme}
      items={items}
      selectedKeys={[pathname]}
      {...(mode === 'inline' && !collapsed ? { openKeys: open, onOpenChange: setOpen } : {})}
      onClick={({ key }) => {
        if (key.startsWith('/')) navigate(key);
        onNavigate?.();
      }}
      style={mode === 'horizontal' ? { flex: 1, minWidth: 0, borderBottom: 'none' } : { borderInlineEnd: 'none' }}
      data-testid="nav-menu"
    />
  );
}

/** Title of a route path from the menu tree. */
export function findMenuTitle(menus: MenuItem[], path: string): string | undefined {
  for (const m of menus) {
    if (m.path === path) return m.title;
    const inner = m.children && findMenuTitle(m.children, path);
    if (inner) return inner;
  }
  return undefined;
}
