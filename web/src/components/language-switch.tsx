import { CheckOutlined, GlobalOutlined } from '@ant-design/icons';
import { Button, Popover } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LOCALES, type Locale } from '@shared/constants';
import { setLocale } from '@web/lib/i18n';
import { queryClient } from '@web/lib/query-client';

const LABELS: Record<Locale, string> = { 'zh-CN': '简体中文', 'en-US': 'English' };

/**
 * zh-CN / en-US; server texts (menus, messages) are fetched again in the new language. A popover list, not
 * antd Dropdown: Dropdown brings Menu into the login page's first download for two choices.
 */
export function LanguageSwitch({ dark = false }: { dark?: boolean }) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const choose = async (locale: Locale) => {
    setOpen(false);
    await setLocale(locale);
    await queryClient.invalidateQueries();
  };
  const choices = (
    <div role="menu" style={{ display: 'flex', flexDirection: 'column', minWidth: 120, margin: -4 }}>
      {LOCALES.map((l) => (
        <Button
          key={l}
          type="text"
          role="menuitemradio"
          aria-checked={l === i18n.language}
          icon={l === i18n.language ? <CheckOutlined /> : <span style={{ width: 14 }} />}
          style={{ justifyContent: 'flex-start' }}
          onClick={() => void choose(l)}
          data-testid={`lang-${l}`}
        >
          {LABELS[l]}
        </Button>
      ))}
    </div>
  );
  return (
    <Popover trigger="click" placement="bottomRight" arrow={false} open={open} onOpenChange={setOpen} content={choices}>
      <Button
        type="text"
        icon={<GlobalOutlined />}
        aria-label={t('language')}
        title={t('language')}
        style={dark ? { color: '#fff' } : undefined}
        data-testid="lang-switch"
      />
    </Popover>
  );
}
