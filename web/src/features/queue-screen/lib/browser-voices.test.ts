import { describe, expect, it } from 'vitest';
import { voiceMode } from './browser-voices';

describe('voice of the call screen', () => {
  it('local_play uses the agent; otherwise speech when the browser has a voice, else the recorded audio', () => {
    expect(voiceMode({ localPlay: true, hasSpeech: true })).toBe('agent');
    expect(voiceMode({ localPlay: false, hasSpeech: true })).toBe('speech');
    expect(voiceMode({ localPlay: false, hasSpeech: false })).toBe('recorded');
  });
});
