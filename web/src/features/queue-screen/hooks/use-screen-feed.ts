import { useEffect, useReducer, useRef, useState } from 'react';
import {
  SCREEN_CLOSE,
  ScreenServerMessageSchema,
  screenSocketPath,
  type ScreenCall,
  type ScreenServerMessage,
} from '@shared/protocol/queue-screen';
import type { CallSettings } from '@shared/schemas/call-devices';
import { bridge } from '@web/features/agent-bridge/bridge';
import { currentLocale } from '@web/lib/i18n';
import { Announcer } from '../lib/announcer';
import { browserVoices, hasSpeechFor, voiceMode } from '../lib/browser-voices';
import { CallViewQueue } from '../lib/call-view';
import { EMPTY_SCREEN, screenReducer } from '../lib/screen-state';
import { ReconnectingSocket, type ConnectionStatus } from '@web/lib/reconnecting-socket';

export interface ScreenFeedOptions {
  pk: number;
  deviceKey: string;
  localPlay: boolean;
  /** A call could not be heard: the browser would not play and no agent spoke it. */
  onBlocked?: () => void;
}

const wsOrigin = () => `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}`;

export const recordedUrl = (o: ScreenFeedOptions, patId: string) =>
  `/register/playmp3?${new URLSearchParams({ pat_id: patId, device_pk: String(o.pk), key: o.deviceKey })}`;

/**
 * The screen's live data: the device's board from its socket, the call on view (each for scree_interval
 * seconds) and its announcement (play_times times, in the voice local_play and the browser allow; the
 * workstation's speaker when the browser will not play).
 */
export function useScreenFeed(o: ScreenFeedOptions) {
  const [state, dispatch] = useReducer(screenReducer, EMPTY_SCREEN);
  const [status, setStatus] = useState<ConnectionStatus>('connecting');
  const [call, setCall] = useState<ScreenCall | null>(null);
  const { pk, deviceKey, localPlay } = o;
  const onBlocked = useRef(o.onBlocked);
  useEffect(() => {
    onBlocked.current = o.onBlocked;
  });

  useEffect(() => {
    const lang = currentLocale();
    const announcer = new Announcer(
      browserVoices(lang, (i) => bridge.speak(i)),
      globalThis,
      () => onBlocked.current?.(),
    );
    const view = new CallViewQueue<ScreenCall>(setCall);
    let settings: CallSettings | undefined;
    const onMessage = (data: unknown) => {
      const parsed = ScreenServerMessageSchema.safeParse(data);
      if (!parsed.success) return;
      const m: ScreenServerMessage = parsed.data;
      if (m.type === 'update_device') settings = m.device.settings;
      if (m.type !== 'call') return dispatch(m);
      if (!settings) return;
      view.push(m, settings.scree_interval);
      void announcer.announce({
        text: m.speak_text,
        audioUrl: recordedUrl({ pk, deviceKey, localPlay }, m.pat_id),
        mode: voiceMode({ localPlay, hasSpeech: hasSpeechFor(lang) }),
        times: settings.play_times,
        speech: { rate: settings.voice_speed, pitch: settings.voice_tone, volume: settings.voice_volume },
      });
    };
    const socket = new ReconnectingSocket({
      url: `${wsOrigin()}${screenSocketPath(pk)}?${new URLSearchParams({ key: deviceKey })}`,
      hello: () => JSON.stringify({ type: 'device_pk', pk }),
      ping: () => JSON.stringify({ type: 'ping' }),
      onMessage,
      onStatus: setStatus,
      // A new key was issued or the device deleted: this key will never be let in again.
      isFinal: (code) => code === SCREEN_CLOSE.replaced || code === SCREEN_CLOSE.gone,
    });
    socket.start();
    return () => {
      socket.stop();
      view.stop();
      announcer.stop();
    };
  }, [pk, deviceKey, localPlay]);

  return { ...state, status, call };
}
