import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REALTIME_CLOSE } from '@shared/protocol/realtime';
import { RealtimeSocket, realtimeUrl } from './realtime-socket';

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
  open() {
    this.onopen?.();
  }
  receive(m: object) {
    this.onmessage?.({ data: JSON.stringify(m) });
  }
  drop(code = 1006) {
    this.onclose?.({ code });
  }
}

function start(onMessage = vi.fn()) {
  const s = new RealtimeSocket({
    url: 'ws://pacs.example/realtime',
    token: 'tok',
    onMessage,
    WebSocketImpl: FakeSocket as unknown as typeof WebSocket,
  });
  s.start();
  return { s, onMessage, ws: () => FakeSocket.all.at(-1)! };
}

beforeEach(() => {
  FakeSocket.all = [];
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

describe('RealtimeSocket', () => {
  it('connects to the page origin and sends the token as its first message, not in the URL', () => {
    expect(realtimeUrl({ protocol: 'https:', host: 'pacs.example:8443' })).toBe('wss://pacs.example:8443/realtime');
    const { ws } = start();
    expect(ws().url).not.toContain('tok');
    ws().open();
    expect(JSON.parse(ws().sent[0]!)).toEqual({ type: 'auth', token: 'tok' });
  });

  it('pings every 30 s and hands the server messages over', () => {
    const { ws, onMessage } = start();
    ws().open();
    vi.advanceTimersByTime(30_000);
    expect(ws().sent.slice(1)).toEqual([JSON.stringify({ type: 'ping' })]);
    ws().receive({ type: 'session_ended', reason: 'locked' });
    ws().receive({ type: 'unknown' });
    expect(onMessage).toHaveBeenCalledTimes(1);
    expect(onMessage).toHaveBeenCalledWith({ type: 'session_ended', reason: 'locked' });
  });

  it('reconnects 5 s after a broken connection, but not after the session ended or the token was refused', () => {
    const { ws } = start();
    ws().open();
    ws().drop(1006);
    vi.advanceTimersByTime(4_999);
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(2);
    ws().drop(REALTIME_CLOSE.sessionEnded);
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(2);

    const other = start();
    other.ws().drop(REALTIME_CLOSE.unauthorized);
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(3);

    const signedOut = start();
    signedOut.ws().drop(REALTIME_CLOSE.signedOut);
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(4);
  });

  it('stops for good when stopped (signed out)', () => {
    const { s, ws } = start();
    ws().open();
    s.stop();
    ws().drop(1006);
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1);
  });
});
