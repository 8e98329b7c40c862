import { describe, expect, it } from 'vitest';
import { callDeviceKeyOf, keepCallDeviceKey, withoutKey } from './call-device-key';

function memory() {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), m };
}

describe('device key of the call screen', () => {
  it('uses the key in the address and gives the address without it', () => {
    const q = new URLSearchParams('pk=7&key=secret-key&local_play=1');
    expect(callDeviceKeyOf('7', q, memory())).toBe('secret-key');
    expect(withoutKey(q).toString()).toBe('pk=7&local_play=1');
  });

  it('reads the kept key on a later visit, per device; a new key in the address wins', () => {
    const storage = memory();
    keepCallDeviceKey('7', 'k7', storage);
    expect(callDeviceKeyOf('7', new URLSearchParams('pk=7'), storage)).toBe('k7');
    expect(callDeviceKeyOf('8', new URLSearchParams('pk=8'), storage)).toBeNull();
    expect(callDeviceKeyOf('7', new URLSearchParams('pk=7&key=k7-new'), storage)).toBe('k7-new');
  });
});
