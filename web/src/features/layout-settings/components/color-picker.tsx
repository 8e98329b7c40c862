import { CheckOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

const COLORS = [
  { key: 'dustBlue', value: '#1677ff' },
  { key: 'dustRed', value: '#f5222d' },
  { key: 'volcano', value: '#fa541c' },
  { key: 'sunset', value: '#faad14' },
  { key: 'cyan', value: '#13c2c2' },
  { key: 'green', value: '#52c41a' },
  { key: 'geekBlue', value: '#2f54eb' },
  { key: 'purple', value: '#722ed1' },
] as const;

/**
 * The primary colour's swatches under their label; the current one is ticked. Named by the browser's own
 * title, not antd's Tooltip: a Tooltip shown on the clicked swatch takes the first Escape, so the drawer
 * seemed to ignore it.
 */
export function ColorPicker({ value, onChange }: { value: string; onChange: (color: string) => void }) {
  const { t } = useTranslation('shell');
  return (
    <>
      <div style={{ padding: '8px 0' }}>{t('settings.primaryColor')}</div>
      <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
        {COLORS.map((c) => (
          <button
            key={c.value}
            type="button"
            aria-label={t(`settings.colors.${c.key}`)}
            title={t(`settings.colors.${c.key}`)}
            onClick={() => onChange(c.value)}
            data-testid={`settings-color-${c.key}`}
            style={{
              width: 22,
              height: 22,
              borderRadius: 4,
              border: 'none',
              cursor: 'pointer',
              background: c.value,
              color: '#fff',
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
            }}
          >
            {value.toLowerCase() === c.value && <CheckOutlined style={{ fontSize: 12 }} />}
          </button>
        ))}
      </div>
    </>
  );
}
