import { QUEUE_RECORDED_DELAY_MS, QUEUE_SPEECH_DELAY_MS } from '@shared/constants';

/** speech: the browser's speechSynthesis; recorded: the server's MP3; agent: the workstation's speaker. */
export type VoiceMode = 'speech' | 'recorded' | 'agent';

export interface SpeechOptions {
  rate: number;
  pitch?: number;
  volume?: number;
}

/** The ways to make a sound, each resolving once it has finished (injected: tests use fakes). */
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
 * the workstation agent cannot speak, the browser's own voice says it instead.
 */
export class Announcer {
  private chain: Promise<void> = Promise.resolve();
  private stopped = false;

  constructor(
    private readonly voices: Voices,
    private readonly timers: Timers = globalThis,
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
    if (a.mode === 'agent') {
      try {
        await this.voices.agent({ text: a.text, rate: a.speech.rate, times: a.times });
        return;
      } catch {
        // the workstation's agent is not there: the browser says it
      }
    }
    for (let i = 0; i < a.times && !this.stopped; i++) {
      if (a.mode === 'recorded') await this.voices.play(a.audioUrl);
      else await this.voices.speak(a.text, a.speech);
    }
  }
}
