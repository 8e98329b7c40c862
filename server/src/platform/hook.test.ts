import { describe, expect, it } from 'vitest';
import type { AppDeps } from './context';
import { hookPoint } from './hook';

const depsWithLog = () => {
  const warned: unknown[] = [];
  const deps = { log: { warn: (o: unknown) => warned.push(o) } } as unknown as AppDeps;
  return { deps, warned };
};

describe('hookPoint', () => {
  it('run: every handler of this server, in order, waited for; a failure is the caller’s', async () => {
    const point = hookPoint<number>('test.run');
    const { deps } = depsWithLog();
    const other = depsWithLog().deps;
    const seen: string[] = [];
    point.on(deps, async (_d, n) => {
      await new Promise((r) => setTimeout(r, 5));
      seen.push(`a${n}`);
    });
    point.on(deps, (_d, n) => void seen.push(`b${n}`));
    point.on(other, () => void seen.push('other server'));
    await point.run(deps, 1);
    expect(seen).toEqual(['a1', 'b1']);
    point.on(deps, () => {
      throw new Error('refused');
    });
    await expect(point.run(deps, 2)).rejects.toThrow('refused');
  });

  it('emit: starts the handlers without waiting; a failure is logged with the hook’s name, never thrown', async () => {
    const point = hookPoint<string>('test.emit');
    const { deps, warned } = depsWithLog();
    const seen: string[] = [];
    point.on(deps, () => {
      throw new Error('boom');
    });
    point.on(deps, (_d, s) => void seen.push(s));
    expect(() => point.emit(deps, 'x')).not.toThrow();
    expect(seen).toEqual([]); // not yet: emit does not wait
    await new Promise((r) => setTimeout(r, 10));
    expect(seen).toEqual(['x']);
    expect(warned).toEqual([expect.objectContaining({ hook: 'test.emit' })]);
  });
});
