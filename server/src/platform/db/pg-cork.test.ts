import { describe, expect, it } from 'vitest';
import { corkWrites, type PgWire } from './pg-cork';

function fakeWire() {
  const log: string[] = [];
  const wire: PgWire = {
    stream: { cork: () => log.push('cork'), uncork: () => log.push('uncork') },
    _send: (b) => (log.push(`send ${b.toString()}`), true),
  };
  return { wire, log };
}

const tick = () => new Promise((r) => process.nextTick(r));

describe('corkWrites', () => {
  it('writes one tick’s messages between one cork and one uncork', async () => {
    const { wire, log } = fakeWire();
    corkWrites(wire);
    for (const m of ['bind', 'describe', 'execute', 'sync']) wire._send(Buffer.from(m));
    expect(log).toEqual(['cork', 'send bind', 'send describe', 'send execute', 'send sync']);
    await tick();
    expect(log.at(-1)).toBe('uncork');
    wire._send(Buffer.from('next'));
    await tick();
    expect(log.slice(-3)).toEqual(['cork', 'send next', 'uncork']);
  });

  it('leaves a connection without the expected internals alone (a node-postgres that renamed them)', () => {
    expect(() => corkWrites(undefined)).not.toThrow();
    const stream = { cork: () => {}, uncork: () => {} };
    const renamed = { stream } as Partial<PgWire>;
    corkWrites(renamed);
    expect(renamed._send).toBeUndefined();
  });

  it('finds the internals it needs on a real node-postgres connection', async () => {
    const { Connection } = (await import('pg')).default as unknown as { Connection: new () => PgWire };
    const wire = new Connection();
    expect(typeof wire._send).toBe('function');
  });
});
