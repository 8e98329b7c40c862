import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ReconnectingSocket, type ConnectionStatus } from './reconnecting-socket';

class FakeSocket {
  static all: FakeSocket[] = [];
  sent: string[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((ev: { data: string }) => void) | null = null;
  onerror: (() => void) | null = null;
  onclose: ((ev: { code: number }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {}
}
const last = () => FakeSocket.all.at(-1)!;

function start(isFinal?: (code: number) => boolean) {
  const statuses: ConnectionStatus[] = [];
  const messages: unknown[] = [];
  const s = new ReconnectingSocket({
    url: 'ws://pacs.example/websocket.ws/7?key=k',
    hello: () => '{"type":"hello"}',
    ping: () => '{"type":"ping"}',
    onMessage: (m) => messages.push(m),
    onStatus: (x) => statuses.push(x),
    isFinal,
    WebSocketImpl: FakeSocket as unknown as typeof WebSocket,
  });
  s.start();
  return { s, statuses, messages };
}

beforeEach(() => {
  FakeSocket.all = [];
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

describe('ReconnectingSocket', () => {
  it('says hello on open, pings every 30 s and hands over parsed messages', () => {
    const { statuses, messages } = start();
    last().onopen!();
    expect(statuses).toEqual(['connecting', 'open']);
    expect(last().sent).toEqual(['{"type":"hello"}']);
    vi.advanceTimersByTime(30_000);
    expect(last().sent).toEqual(['{"type":"hello"}', '{"type":"ping"}']);
    last().onmessage!({ data: '{"type":"call"}' });
    last().onmessage!({ data: 'not json' });
    expect(messages).toEqual([{ type: 'call' }]);
  });

  it('after a close says it is retrying and reconnects every 5 s until it is back', () => {
    const { statuses } = start();
    last().onopen!();
    last().onerror!();
    last().onclose!({ code: 1006 });
    expect(statuses.slice(-2)).toEqual(['broken', 'retrying']);
    vi.advanceTimersByTime(4_999);
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(2);
    last().onclose!({ code: 1006 });
    vi.advanceTimersByTime(5_000);
    expect(FakeSocket.all).toHaveLength(3);
    last().onopen!();
    expect(statuses.at(-1)).toBe('open');
    vi.advanceTimersByTime(30_000);
    expect(last().sent).toHaveLength(2);
  });

  it('does not retry after a final close code, nor after stop', () => {
    const a = start((code) => code === 4403);
    last().onclose!({ code: 4403 });
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1);
    expect(a.statuses.at(-1)).toBe('broken');

    const b = start();
    b.s.stop();
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(2);
  });
});
