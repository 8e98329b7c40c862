import { describe, expect, it } from 'vitest';
import { takeDeviceKey } from './device-key';

function memory() {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), m };
}

describe('device key of the call screen', () => {
  it('keeps a key from the address and gives the address without it', () => {
    const storage = memory();
    const r = takeDeviceKey('7', new URLSearchParams('pk=7&key=secret-key&local_play=1'), storage);
    expect(r.key).toBe('secret-key');
    expect(r.cleaned?.toString()).toBe('pk=7&local_play=1');
    expect([...storage.m.values()]).toEqual(['secret-key']);
  });

  it('reads the kept key on a later visit, per device, leaving the address alone', () => {
    const storage = memory();
    takeDeviceKey('7', new URLSearchParams('pk=7&key=k7'), storage);
    expect(takeDeviceKey('7', new URLSearchParams('pk=7'), storage)).toEqual({ key: 'k7', cleaned: null });
    expect(takeDeviceKey('8', new URLSearchParams('pk=8'), storage)).toEqual({ key: null, cleaned: null });
  });
});
