import { QUEUE_RECORDED_DELAY_MS, QUEUE_SPEECH_DELAY_MS } from '@shared/constants';

/** speech: the browser's speechSynthesis; recorded: the server's MP3; agent: the workstation's speaker. */
export type VoiceMode = 'speech' | 'recorded' | 'agent';

export interface SpeechOptions {
  rate: number;
  pitch?: number;
  volume?: number;
}

/** The browser refused to play: nobody has touched the page yet (its autoplay rule). */
export class SoundBlockedError extends Error {
  constructor() {
    super('sound blocked until the page is touched');
  }
}

/**
 * The ways to make a sound, each resolving once it has finished (injected: tests use fakes). The browser's
 * two reject with SoundBlockedError when the browser will not play; the agent's rejects when it is not there.
 */
export interface Voices {
  speak: (text: string, o: SpeechOptions) => Promise<void>;
  play: (url: string) => Promise<void>;
  agent: (i: { text: string; rate: number; times: number }) => Promise<void>;
}

export interface Announcement {
  text: string;
  /** The recorded announcement's address (GET /register/playmp3?pat_id=...). */
  audioUrl: string;
  mode: VoiceMode;
  times: number;
  speech: SpeechOptions;
}

type Timers = Pick<typeof globalThis, 'setTimeout'>;

/** How long after the call each voice starts (spec: spoken after 1 s, recorded audio after 3 s). */
export const startDelay = (mode: VoiceMode): number =>
  mode === 'recorded' ? QUEUE_RECORDED_DELAY_MS : QUEUE_SPEECH_DELAY_MS;

/**
 * Plays announcements one after another (two calls never talk over each other), each `times` times. When
 * the workstation agent cannot speak, the browser's own voice says it instead; when the browser will not
 * play (autoplay), the agent's speaker says it, and with no agent either `onBlocked` asks for a click.
 */
export class Announcer {
  private chain: Promise<void> = Promise.resolve();
  private stopped = false;

  constructor(
    private readonly voices: Voices,
    private readonly timers: Timers = globalThis,
    private readonly onBlocked: () => void = () => undefined,
  ) {}

  announce(a: Announcement): Promise<void> {
    this.chain = this.chain.then(() => this.play(a)).catch(() => undefined);
    return this.chain;
  }

  stop(): void {
    this.stopped = true;
  }

  private wait(ms: number): Promise<void> {
    return new Promise((resolve) => this.timers.setTimeout(resolve, ms));
  }

  private async play(a: Announcement): Promise<void> {
    await this.wait(startDelay(a.mode));
    if (this.stopped) return;
    // the workstation's agent first when asked for; not there: the browser says it
    if (a.mode === 'agent' && (await this.viaAgent(a))) return;
    try {
      for (let i = 0; i < a.times && !this.stopped; i++) {
        if (a.mode === 'recorded') await this.voices.play(a.audioUrl);
        else await this.voices.speak(a.text, a.speech);
      }
    } catch (e) {
      if (!(e instanceof SoundBlockedError)) throw e;
      if (a.mode !== 'agent' && (await this.viaAgent(a))) return;
      this.onBlocked();
    }
  }

  private async viaAgent(a: Announcement): Promise<boolean> {
    try {
      await this.voices.agent({ text: a.text, rate: a.speech.rate, times: a.times });
      return true;
    } catch {
      return false;
    }
  }
}
