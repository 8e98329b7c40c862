import { useTranslation } from 'react-i18next';
import type { ScreenCall } from '@shared/protocol/queue-screen';
import type { CallSettings } from '@shared/schemas/call-devices';
import { patientLabel } from './patient-label';

/** The full-screen call: who (number and/or masked name) and which room. */
export function CallOverlay({ call, settings }: { call: ScreenCall; settings: CallSettings }) {
  const { t } = useTranslation('queueScreen');
  return (
    <div
      data-testid="screen-call"
      data-call-no={call.call_no}
      data-call-prefix={call.call_prefix}
      style={{
        position: 'absolute',
        inset: 0,
        zIndex: 10,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: settings.font_size,
        background: settings.bg_color,
        color: settings.font_color,
        border: `${Math.max(4, settings.font_size / 4)}px solid ${settings.title_bg_color}`,
      }}
    >
      <div style={{ fontSize: settings.title_font_size * 1.5 }}>{t('call.please')}</div>
      <div data-testid="screen-call-patient" style={{ fontSize: settings.title_font_size * 2.5, fontWeight: 700 }}>
        {patientLabel(t, settings.call_type, call)}
      </div>
      <div data-testid="screen-call-room" style={{ fontSize: settings.title_font_size * 1.5 }}>
        {t('call.goTo', { room: call.call_room })}
      </div>
    </div>
  );
}
