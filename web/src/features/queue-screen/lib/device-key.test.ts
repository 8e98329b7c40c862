import { describe, expect, it } from 'vitest';
import { takeDeviceKey } from './device-key';

function memory() {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), m };
}

describe('device key of the call screen', () => {
  it('keeps a key from the address and takes it out of the address bar', () => {
    const storage = memory();
    const urls: string[] = [];
    const loc = { pathname: '/rxpacs/', search: '', hash: '#/screen?pk=7&key=secret-key&local_play=1' };
    expect(takeDeviceKey('7', loc, storage, (u) => urls.push(u))).toBe('secret-key');
    expect(urls).toEqual(['/rxpacs/#/screen?pk=7&local_play=1']);
    expect([...storage.m.values()]).toEqual(['secret-key']);
  });

  it('reads the kept key on a later visit, per device, without touching the address', () => {
    const storage = memory();
    takeDeviceKey('7', { pathname: '/rxpacs/', search: '', hash: '#/screen?pk=7&key=k7' }, storage, () => {});
    const urls: string[] = [];
    const later = { pathname: '/rxpacs/', search: '', hash: '#/screen?pk=7' };
    expect(takeDeviceKey('7', later, storage, (u) => urls.push(u))).toBe('k7');
    expect(takeDeviceKey('8', later, storage, (u) => urls.push(u))).toBeNull();
    expect(urls).toEqual([]);
  });
});
