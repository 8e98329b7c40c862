import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { CALL_SETTING_DEFAULTS } from '@shared/schemas/call-devices';
import { useScreenFeed } from '../hooks/use-screen-feed';
import { useSoundPrompt } from '../hooks/use-sound-prompt';
import { soundRemembered } from '../lib/sound-gate';
import { callDeviceKeyOf, keepCallDeviceKey, withoutKey } from '../lib/call-device-key';
import { CallOverlay } from './call-overlay';
import { ConnectionBadge } from './connection-badge';
import { ScaledStage } from './scaled-stage';
import { ScreenBoard } from './screen-board';
import { SoundPrompt } from './sound-prompt';

/** The browser tab's title in the screen's language: the device's name, then "Call screen". */
function useScreenTitle(deviceName: string | undefined): void {
  const { t } = useTranslation('queueScreen');
  const title = deviceName ? `${deviceName} - ${t('title')}` : t('title');
  useEffect(() => {
    document.title = title;
  }, [title]);
}

function Unbound() {
  const { t } = useTranslation('queueScreen');
  useScreenTitle(undefined);
  return (
    <div
      data-testid="screen-unbound"
      style={{ padding: 48, fontSize: 24, color: '#fff', background: '#001529', minHeight: '100vh' }}
    >
      {t('unbound')}
    </div>
  );
}

function LiveScreen({ pk, deviceKey, localPlay }: { pk: number; deviceKey: string; localPlay: boolean }) {
  // Through the agent (local_play) the browser's rule does not apply: asked only if a call goes unheard.
  const sound = useSoundPrompt({ askUpFront: !localPlay && !soundRemembered(localStorage) });
  const feed = useScreenFeed({ pk, deviceKey, localPlay, onBlocked: sound.blocked });
  useScreenTitle(feed.device?.name);
  const s = feed.device?.settings ?? CALL_SETTING_DEFAULTS;
  return (
    <ScaledStage width={s.screen_width} height={s.screen_height} background={s.bg_color}>
      <div data-testid="screen-page" data-status={feed.status} style={{ display: 'contents' }}>
        {feed.device ? (
          <ScreenBoard device={feed.device} rooms={feed.rooms} status={feed.status} />
        ) : (
          <div style={{ margin: 'auto', color: s.font_color }}>
            <ConnectionBadge status={feed.status} fontSize={s.font_size} />
          </div>
        )}
        {feed.call && feed.device && <CallOverlay call={feed.call} settings={feed.device.settings} />}
        {sound.prompt && <SoundPrompt settings={s} />}
      </div>
    </ScaledStage>
  );
}

/** /screen?pk=&local_play=: the public call screen of one call device (no sign-in; the device key binds it). */
export function ScreenPage() {
  const [query, setQuery] = useSearchParams();
  const pk = Number(query.get('pk'));
  const localPlay = query.get('local_play') === '1';
  const given = query.get('key');
  const deviceKey = callDeviceKeyOf(String(pk), query, localStorage);
  useEffect(() => {
    if (!given) return;
    keepCallDeviceKey(String(pk), given, localStorage);
    setQuery((q) => withoutKey(q), { replace: true });
  }, [pk, given, setQuery]);
  if (!Number.isInteger(pk) || pk <= 0 || !deviceKey) return <Unbound />;
  return <LiveScreen pk={pk} deviceKey={deviceKey} localPlay={localPlay} />;
}
