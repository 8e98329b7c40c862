import type { Voices, VoiceMode } from './announcer';

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
      new Promise((resolve) => {
        const u = new SpeechSynthesisUtterance(text);
        u.lang = lang;
        u.rate = o.rate;
        if (o.pitch !== undefined) u.pitch = o.pitch;
        if (o.volume !== undefined) u.volume = o.volume;
        u.onend = () => resolve();
        u.onerror = () => resolve();
        speechSynthesis.speak(u);
      }),
    play: (url) =>
      new Promise((resolve) => {
        const audio = new Audio(url);
        audio.onended = () => resolve();
        audio.onerror = () => resolve();
        // Autoplay may be refused until someone touched the page: the call still shows.
        audio.play().catch(() => resolve());
      }),
    agent,
  };
}
