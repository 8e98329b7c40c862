import { GlobalOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { LOCALES, type Locale } from '@shared/constants';
import { setLocale } from '@web/lib/i18n';
import { queryClient } from '@web/lib/query-client';

const LABELS: Record<Locale, string> = { 'zh-CN': '简体中文', 'en-US': 'English' };

/** zh-CN / en-US; server texts (menus, messages) are fetched again in the new language. */
export function LanguageSwitch({ dark = false }: { dark?: boolean }) {
  const { t, i18n } = useTranslation();
  const choose = async (locale: Locale) => {
    await setLocale(locale);
    await queryClient.invalidateQueries();
  };
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [i18n.language],
        items: LOCALES.map((l) => ({ key: l, label: <span data-testid={`lang-${l}`}>{LABELS[l]}</span> })),
        onClick: ({ key }) => void choose(key as Locale),
      }}
    >
      <Button
        type="text"
        icon={<GlobalOutlined />}
        aria-label={t('language')}
        title={t('language')}
        style={dark ? { color: '#fff' } : undefined}
        data-testid="lang-switch"
      />
    </Dropdown>
  );
}
