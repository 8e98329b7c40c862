import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QUEUE_SPEECH_RATE } from '@shared/constants';
import { Announcer, SoundBlockedError, type Announcement, type Voices } from './announcer';

function fakeVoices(agentFails = false) {
  const log: string[] = [];
  const voices: Voices = {
    speak: vi.fn(async (text: string, o) => {
      log.push(`speak ${text} @${o.rate} t=${Date.now()}`);
    }),
    play: vi.fn(async (url: string) => {
      log.push(`play ${url} t=${Date.now()}`);
    }),
    agent: vi.fn(async (i) => {
      if (agentFails) throw new Error('no agent');
      log.push(`agent ${i.text} x${i.times} @${i.rate} t=${Date.now()}`);
    }),
  };
  return { voices, log };
}

const call = (mode: Announcement['mode'], text = 'A001', times = 2): Announcement => ({
  text,
  audioUrl: `/register/playmp3?pat_id=${text}`,
  mode,
  times,
  speech: { rate: QUEUE_SPEECH_RATE },
});

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(0);
});
afterEach(() => vi.useRealTimers());

describe('announcer scheduling', () => {
  it('speaks at rate 0.6 one second after the call, play_times times', async () => {
    const { voices, log } = fakeVoices();
    const done = new Announcer(voices).announce(call('speech'));
    await vi.advanceTimersByTimeAsync(999);
    expect(log).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    await done;
    expect(log).toEqual(['speak A001 @0.6 t=1000', 'speak A001 @0.6 t=1000']);
  });

  it('plays the recorded announcement three seconds after the call, play_times times', async () => {
    const { voices, log } = fakeVoices();
    const done = new Announcer(voices).announce(call('recorded', 'P1', 3));
    await vi.advanceTimersByTimeAsync(2_999);
    expect(log).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    await done;
    expect(log).toHaveLength(3);
    expect(log[0]).toBe('play /register/playmp3?pat_id=P1 t=3000');
  });

  it("hands the agent the text and the repeat count; the browser speaks when the agent can't", async () => {
    const ok = fakeVoices();
    const a = new Announcer(ok.voices).announce(call('agent'));
    await vi.advanceTimersByTimeAsync(1_000);
    await a;
    expect(ok.log).toEqual(['agent A001 x2 @0.6 t=1000']);

    const failing = fakeVoices(true);
    const b = new Announcer(failing.voices).announce(call('agent', 'B', 1));
    await vi.advanceTimersByTimeAsync(1_000);
    await b;
    expect(failing.log).toEqual(['speak B @0.6 t=2000']);
  });

  it('two calls do not talk over each other: the second starts after the first has finished', async () => {
    const { voices, log } = fakeVoices();
    const announcer = new Announcer(voices);
    void announcer.announce(call('speech', 'A', 1));
    const last = announcer.announce(call('speech', 'B', 1));
    await vi.advanceTimersByTimeAsync(2_000);
    await last;
    expect(log).toEqual(['speak A @0.6 t=1000', 'speak B @0.6 t=2000']);
  });

  it('after stop nothing more is said', async () => {
    const { voices, log } = fakeVoices();
    const announcer = new Announcer(voices);
    const done = announcer.announce(call('speech'));
    announcer.stop();
    await vi.advanceTimersByTimeAsync(5_000);
    await done;
    expect(log).toEqual([]);
  });
});

describe('when the browser will not play (autoplay rule)', () => {
  const blockedBrowser = (agentFails: boolean) => {
    const f = fakeVoices(agentFails);
    f.voices.play = vi.fn(() => Promise.reject(new SoundBlockedError()));
    f.voices.speak = vi.fn(() => Promise.reject(new SoundBlockedError()));
    return f;
  };

  it("the workstation agent's speaker says it, and nobody is asked to click", async () => {
    const { voices, log } = blockedBrowser(false);
    const onBlocked = vi.fn();
    const done = new Announcer(voices, globalThis, onBlocked).announce(call('recorded', 'P2', 2));
    await vi.advanceTimersByTimeAsync(3_000);
    await done;
    expect(log).toEqual(['agent P2 x2 @0.6 t=3000']);
    expect(onBlocked).not.toHaveBeenCalled();
  });

  it('with no agent either, onBlocked asks for a click; other failures (no voice, a bad file) do not', async () => {
    const { voices } = blockedBrowser(true);
    const onBlocked = vi.fn();
    const announcer = new Announcer(voices, globalThis, onBlocked);
    const speech = announcer.announce(call('speech'));
    await vi.advanceTimersByTimeAsync(1_000);
    await speech;
    expect(onBlocked).toHaveBeenCalledTimes(1);
    // local_play: the agent was asked first; the browser refused too.
    const agent = announcer.announce(call('agent', 'C', 1));
    await vi.advanceTimersByTimeAsync(1_000);
    await agent;
    expect(onBlocked).toHaveBeenCalledTimes(2);
    expect(voices.agent).toHaveBeenCalledTimes(2);

    const quiet = fakeVoices(true);
    const never = vi.fn();
    const plain = new Announcer(quiet.voices, globalThis, never).announce(call('recorded', 'D', 1));
    await vi.advanceTimersByTimeAsync(3_000);
    await plain;
    expect(never).not.toHaveBeenCalled();
  });
});
