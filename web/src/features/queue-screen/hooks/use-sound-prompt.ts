import { useCallback, useEffect, useRef, useState } from 'react';
import { rememberSound, soundAllowed } from '../lib/sound-gate';

/**
 * The "click to turn the sound on" prompt of a call screen. Asked up front (a screen nobody has turned the
 * sound on at, that speaks through the browser) when the browser holds sound back; otherwise only once
 * a call could not be heard (`blocked`). Any click or key on the page turns it on and is remembered.
 */
export function useSoundPrompt({ askUpFront }: { askUpFront: boolean }) {
  const [prompt, setPrompt] = useState(false);
  const audio = useRef<AudioContext | undefined>(undefined);

  useEffect(() => {
    if (typeof AudioContext === 'undefined') return;
    const ctx = new AudioContext();
    audio.current = ctx;
    let live = true;
    if (askUpFront) {
      void soundAllowed(ctx).then((allowed) => {
        if (live && !allowed) setPrompt(true);
      });
    }
    return () => {
      live = false;
      void ctx.close();
    };
  }, [askUpFront]);

  useEffect(() => {
    if (!prompt) return;
    const turnOn = () => {
      void audio.current?.resume();
      rememberSound(localStorage);
      setPrompt(false);
    };
    window.addEventListener('pointerdown', turnOn, true);
    window.addEventListener('keydown', turnOn, true);
    return () => {
      window.removeEventListener('pointerdown', turnOn, true);
      window.removeEventListener('keydown', turnOn, true);
    };
  }, [prompt]);

  const blocked = useCallback(() => setPrompt(true), []);
  return { prompt, blocked };
}
