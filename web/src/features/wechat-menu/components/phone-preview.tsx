import { PlusOutlined } from '@ant-design/icons';
import { theme } from 'antd';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { MENU_MAX_SUB, MENU_MAX_TOP, type MenuButton } from '@shared/schemas/wechat-menu';
import type { Selection } from '../lib/menu-editor';

interface PhonePreviewProps {
  title: string;
  button: MenuButton[];
  selected: Selection;
  onSelect: (s: Selection) => void;
  onAddTop: () => void;
  onAddSub: (top: number) => void;
}

const bar: CSSProperties = { display: 'flex', borderTop: '1px solid #e5e5e5', height: 50, background: '#fafafa' };
const cell: CSSProperties = {
  flex: 1,
  border: 'none',
  borderLeft: '1px solid #e5e5e5',
  background: 'transparent',
  cursor: 'pointer',
  overflow: 'hidden',
  whiteSpace: 'nowrap',
  textOverflow: 'ellipsis',
  padding: '0 4px',
  fontSize: 14,
};

/** The classic phone mock-up: the menu bar at the bottom, the open top button's sub buttons above it. */
export function PhonePreview({ title, button, selected, onSelect, onAddTop, onAddSub }: PhonePreviewProps) {
  const { t } = useTranslation('wechatMenu');
  const { token } = theme.useToken();
  const openTop = selected.level === 0 ? -1 : selected.top;
  const active = (on: boolean): CSSProperties =>
    on ? { color: token.colorPrimary, outline: `2px solid ${token.colorPrimary}`, outlineOffset: -2 } : {};
  return (
    <div
      data-testid="wxmenu-phone"
      style={{
        width: 320,
        height: 560,
        border: '1px solid #d9d9d9',
        borderRadius: 24,
        padding: '28px 8px 12px',
        background: '#fff',
        display: 'flex',
        flexDirection: 'column',
      }}
    >
      <div style={{ textAlign: 'center', padding: 8, background: '#323232', color: '#fff', borderRadius: 4 }}>
        {title}
      </div>
      <div style={{ flex: 1, background: '#f0f0f0', position: 'relative' }}>
        {openTop >= 0 && (
          <div
            data-testid="wxmenu-subs"
            style={{
              position: 'absolute',
              bottom: 6,
              left: `${(openTop * 100) / Math.max(button.length + (button.length < MENU_MAX_TOP ? 1 : 0), 1)}%`,
              width: `${100 / Math.max(button.length + (button.length < MENU_MAX_TOP ? 1 : 0), 1)}%`,
              background: '#fff',
              border: '1px solid #e5e5e5',
              display: 'flex',
              flexDirection: 'column',
            }}
          >
            {(button[openTop]?.sub_button ?? []).map((s, j) => (
              <button
                type="button"
                key={j}
                data-testid="wxmenu-sub"
                data-selected={selected.level === 2 && selected.sub === j}
                onClick={() => onSelect({ level: 2, top: openTop, sub: j })}
                style={{
                  ...cell,
                  borderLeft: 'none',
                  borderBottom: '1px solid #e5e5e5',
                  height: 40,
                  ...active(selected.level === 2 && selected.sub === j),
                }}
              >
                {s.name}
              </button>
            ))}
            {(button[openTop]?.sub_button?.length ?? 0) < MENU_MAX_SUB && (
              <button
                type="button"
                data-testid="wxmenu-add-sub"
                aria-label={t('addSub')}
                title={t('addSub')}
                onClick={() => onAddSub(openTop)}
                style={{ ...cell, borderLeft: 'none', height: 40 }}
              >
                <PlusOutlined />
              </button>
            )}
          </div>
        )}
      </div>
      <div style={bar}>
        <span style={{ width: 36, display: 'grid', placeItems: 'center', color: '#999' }}>⌨</span>
        {button.map((b, i) => (
          <button
            type="button"
            key={i}
            data-testid="wxmenu-top"
            data-selected={selected.level === 1 && selected.top === i}
            onClick={() => onSelect({ level: 1, top: i })}
            style={{ ...cell, ...active(selected.level === 1 && selected.top === i) }}
          >
            {(b.sub_button?.length ?? 0) > 0 ? '≡ ' : ''}
            {b.name}
          </button>
        ))}
        {button.length < MENU_MAX_TOP && (
          <button
            type="button"
            data-testid="wxmenu-add-top"
            aria-label={t('addTop')}
            title={t('addTop')}
            onClick={onAddTop}
            style={cell}
          >
            <PlusOutlined />
          </button>
        )}
      </div>
    </div>
  );
}
