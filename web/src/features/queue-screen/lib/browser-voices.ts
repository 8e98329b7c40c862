import { SoundBlockedError, type Voices, type VoiceMode } from './announcer';

/** The browser's speech synthesis has a voice for `lang` (Chromium on Linux often has none at all). */
export function hasSpeechFor(lang: string): boolean {
  if (typeof speechSynthesis === 'undefined') return false;
  const base = lang.slice(0, 2).toLowerCase();
  return speechSynthesis.getVoices().some((v) => v.lang.toLowerCase().startsWith(base));
}

/**
 * Which voice the screen uses: the workstation's speaker when opened with local_play=1; otherwise the
 * browser's speech synthesis when it has a voice for the language, else the server's recorded MP3.
 */
export function voiceMode(o: { localPlay: boolean; hasSpeech: boolean }): VoiceMode {
  if (o.localPlay) return 'agent';
  return o.hasSpeech ? 'speech' : 'recorded';
}

/** The real voices: speechSynthesis, an Audio element, and the agent's speak (given by the caller). */
export function browserVoices(lang: string, agent: Voices['agent']): Voices {
  return {
    speak: (text, o) =>
      new Promise((resolve, reject) => {
        const u = new SpeechSynthesisUtterance(text);
        u.lang = lang;
        u.rate = o.rate;
        if (o.pitch !== undefined) u.pitch = o.pitch;
        if (o.volume !== undefined) u.volume = o.volume;
        u.onend = () => resolve();
        // not-allowed: Chromium's autoplay rule (nobody touched the page); other errors: nothing to say it with
        u.onerror = (e) => (e.error === 'not-allowed' ? reject(new SoundBlockedError()) : resolve());
        speechSynthesis.speak(u);
      }),
    play: (url) =>
      new Promise((resolve, reject) => {
        const audio = new Audio(url);
        audio.onended = () => resolve();
        audio.onerror = () => resolve();
        // NotAllowedError: autoplay refused until someone touches the page (the call still shows).
        audio
          .play()
          .catch((e: unknown) =>
            e instanceof DOMException && e.name === 'NotAllowedError' ? reject(new SoundBlockedError()) : resolve(),
          );
      }),
    agent,
  };
}
