import { SoundOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { CallSettings } from '@shared/schemas/call-devices';

/**
 * The call screen's "click to turn the sound on": a bright band across the foot of the screen, above the
 * full-screen call, big enough to read across a waiting hall. The click itself is taken anywhere on the page.
 */
export function SoundPrompt({ settings }: { settings: CallSettings }) {
  const { t } = useTranslation('queueScreen');
  const size = settings.title_font_size;
  return (
    <div
      role="button"
      tabIndex={0}
      data-testid="screen-sound-prompt"
      style={{
        position: 'absolute',
        left: 0,
        right: 0,
        bottom: 0,
        zIndex: 20,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        gap: size * 0.6,
        padding: `${size * 0.5}px ${size}px`,
        background: '#fadb14',
        color: '#000',
        cursor: 'pointer',
        boxShadow: '0 -4px 16px rgba(0, 0, 0, 0.35)',
      }}
    >
      <SoundOutlined style={{ fontSize: size * 1.6 }} />
      <div>
        <div style={{ fontSize: size * 1.1, fontWeight: 700 }}>{t('sound.enable')}</div>
        <div style={{ fontSize: size * 0.55 }}>{t('sound.hint')}</div>
      </div>
    </div>
  );
}
