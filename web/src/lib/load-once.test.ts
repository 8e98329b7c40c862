import { describe, expect, it, vi } from 'vitest';
import { loadOnce } from './load-once';

describe('loadOnce', () => {
  it('shares one load between callers', async () => {
    const load = vi.fn(async () => 'chunk');
    const get = loadOnce(load);
    expect(await Promise.all([get(), get()])).toEqual(['chunk', 'chunk']);
    expect(await get()).toBe('chunk');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('asks again after a failed load, and keeps the load that worked', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue('chunk');
    const get = loadOnce(load);
    await expect(get()).rejects.toThrow('offline');
    expect(await get()).toBe('chunk');
    expect(await get()).toBe('chunk');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
