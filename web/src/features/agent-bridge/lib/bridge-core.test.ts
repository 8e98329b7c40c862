import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WebSocket as WsClient, WebSocketServer } from 'ws';
import { bridgeAck, bridgeSuccess, type BridgeRequest } from '@shared/protocol/messages';
import { useBridgeStore } from '../stores/bridge-store';
import { agentRetryDelay } from './agent-retry';
import { BridgeCore, type KeyEvent } from './bridge-core';
import { FakeWindow } from '../../../../../tests/support/fake-window';

const key = { slot: '7', label: 'Dr Li', serial: 'S1', certificates: [] };

/** A local listener speaking the agent's HTTP envelope and /events socket; records what it receives. */
async function startAgentListener() {
  const seen: { method?: string; url?: string; body: string }[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      seen.push({ method: req.method, url: req.url, body });
      res.setHeader('Content-Type', 'application/json');
      res.end(JSON.stringify({ success: true, msg: '', code: 200, data: { ok: true } }));
    });
  });
  const wss = new WebSocketServer({ server, path: '/events' });
  const pings: unknown[] = [];
  wss.on('connection', (ws) => {
    ws.send(JSON.stringify({ type: 'hello', keys: [key] }));
    ws.on('message', (m) => pings.push(JSON.parse(String(m))));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const close = () =>
    new Promise<void>((r) => {
      for (const c of wss.clients) c.terminate();
      wss.close();
      server.close(() => r());
      server.closeAllConnections();
    });
  return { url, seen, wss, pings, close };
}

const freshStore = () => useBridgeStore.setState({ extension: false, detected: false, agentUp: false, keys: [] });

describe('BridgeCore', () => {
  let agent: Awaited<ReturnType<typeof startAgentListener>>;
  let core: BridgeCore;
  let win: FakeWindow;
  const launch = vi.fn();

  const make = (agentUrl: string) =>
    new BridgeCore({
      lang: () => 'zh-CN',
      message: (id) => `text:${id}`,
      launch,
      agentUrl: () => agentUrl,
      win: win.asWindow(),
      WebSocketImpl: WsClient as unknown as typeof WebSocket,
      ackTimeoutMs: 50,
    });

  beforeEach(async () => {
    freshStore();
    launch.mockReset();
    win = new FakeWindow();
    agent = await startAgentListener();
  });
  afterEach(async () => {
    core.stop();
    await agent.close();
  });

  it('without the extension: calls the agent directly and learns keys from its /events socket', async () => {
    core = make(agent.url);
    const events: KeyEvent[] = [];
    core.onKeyEvent((e) => events.push(e));
    await core.start();
    expect(useBridgeStore.getState()).toMatchObject({ extension: false, detected: true });
    await vi.waitFor(() => expect(useBridgeStore.getState()).toMatchObject({ agentUp: true, keys: [key] }));

    for (const ws of agent.wss.clients) ws.send(JSON.stringify({ type: 'key-removed', slot: '7', serial: 'S1' }));
    await vi.waitFor(() => expect(events).toEqual([{ type: 'key-removed', slot: '7', serial: 'S1' }]));
    expect(useBridgeStore.getState().keys).toEqual([]);

    await expect(core.openStudy('1.2.3')).resolves.toEqual({ via: 'agent' });
    await core.call('sign', { challenge: 'c'.repeat(44), pin: '123456', certificate_id: '01' });
    expect(agent.seen.map((s) => s.url)).toEqual(['/openDicom?type=openImage&study_iuid=1.2.3', '/keys/sign']);
    // The page's own origin is what gets signed on the direct path.
    expect(JSON.parse(agent.seen[1]!.body)).toMatchObject({ origin: 'http://127.0.0.1:8080', pin: '123456' });
  });

  it('reports agent-down when the socket closes', async () => {
    core = make(agent.url);
    await core.start();
    await vi.waitFor(() => expect(useBridgeStore.getState().agentUp).toBe(true));
    await agent.close();
    await vi.waitFor(() => expect(useBridgeStore.getState()).toMatchObject({ agentUp: false, keys: [] }));
  });

  it('falls back to the custom-protocol link when neither extension nor agent answers', async () => {
    await agent.close();
    core = make(agent.url);
    await expect(core.openStudy('1.2.840.1')).resolves.toEqual({
      via: 'protocol',
      link: 'rxpacs://openImage?study_iuid=1.2.840.1',
    });
    expect(launch).toHaveBeenCalledWith('rxpacs://openImage?study_iuid=1.2.840.1');
    await expect(core.call('printers', {})).rejects.toMatchObject({ id: 'AGENT_DOWN', message: 'text:AGENT_DOWN' });
  });

  it('uses the extension when it acks, and the agent is then not called directly', async () => {
    win.onPost = (d) => {
      const r = d as BridgeRequest;
      if (r.kind !== 'request') return;
      win.reply(bridgeAck(r.id));
      const data =
        r.action === 'status' ? { extensionVersion: '1.0.0', agentUrl: agent.url, agentUp: true, keys: [key] } : null;
      win.reply(bridgeSuccess(r.id, data));
    };
    core = make(agent.url);
    await core.start();
    expect(useBridgeStore.getState()).toMatchObject({ extension: true, agentUp: true, keys: [key] });
    await expect(core.openStudy('1.2.3')).resolves.toEqual({ via: 'extension' });
    expect(agent.seen).toEqual([]);
    expect(win.posted.map((p) => (p.data as BridgeRequest).action)).toEqual(['status', 'openStudy']);
  });

  it('refuses invalid parameters before anything is sent', async () => {
    core = make(agent.url);
    await expect(core.openStudy('1.2;reboot')).rejects.toMatchObject({ id: 'BAD_REQUEST' });
    expect(win.posted).toEqual([]);
    expect(agent.seen).toEqual([]);
  });
});

/** The agent's /events socket as the page sees it: refused while `up` is false, else a hello. */
class FakeAgentSocket {
  static up = false;
  static all: FakeAgentSocket[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((ev: { data: string }) => void) | null = null;
  onerror: (() => void) | null = null;
  onclose: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeAgentSocket.all.push(this);
    const up = FakeAgentSocket.up;
    queueMicrotask(() => {
      if (!up) return this.onclose?.();
      this.onopen?.();
      this.onmessage?.({ data: JSON.stringify({ type: 'hello', keys: [] }) });
    });
  }
  send() {}
  close() {}
  /** The agent goes away (restarted, stopped). */
  drop() {
    this.onclose?.();
  }
}

class FakeDoc extends EventTarget {
  hidden = false;
}

describe('BridgeCore without an agent: the socket backs off', () => {
  let core: BridgeCore;
  let win: FakeWindow;
  let doc: FakeDoc;
  const attempts = () => FakeAgentSocket.all.length;

  /** Detection (no extension acks within 50 ms) and the first attempt. */
  async function started(): Promise<void> {
    core = new BridgeCore({
      lang: () => 'zh-CN',
      message: (id) => `text:${id}`,
      launch: () => {},
      agentUrl: () => 'http://127.0.0.1:17380',
      win: win.asWindow(),
      doc: doc as unknown as Document,
      WebSocketImpl: FakeAgentSocket as unknown as typeof WebSocket,
      ackTimeoutMs: 50,
      retryDelay: (n) => agentRetryDelay(n, () => 0),
    });
    const detection = core.start();
    await vi.advanceTimersByTimeAsync(50);
    await detection;
    expect(attempts()).toBe(1);
  }

  beforeEach(() => {
    vi.useFakeTimers();
    freshStore();
    FakeAgentSocket.up = false;
    FakeAgentSocket.all = [];
    win = new FakeWindow();
    doc = new FakeDoc();
  });
  afterEach(() => {
    core.stop();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('tries after 2, 4, 8, 16, 32 s, then once a minute: 14 attempts in 10 minutes, not 121', async () => {
    await started();
    const at: number[] = [];
    for (let s = 1; s <= 600; s++) {
      await vi.advanceTimersByTimeAsync(1_000);
      while (at.length < attempts() - 1) at.push(s);
    }
    expect(at).toEqual([2, 6, 14, 30, 62, 122, 182, 242, 302, 362, 422, 482, 542]);
  });

  it('after the agent said hello, a drop is retried within 2 s again', async () => {
    await started();
    await vi.advanceTimersByTimeAsync(62_000);
    expect(attempts()).toBe(6);
    FakeAgentSocket.up = true;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(useBridgeStore.getState().agentUp).toBe(true);
    FakeAgentSocket.all.at(-1)!.drop();
    expect(useBridgeStore.getState().agentUp).toBe(false);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(attempts()).toBe(8);
    expect(useBridgeStore.getState().agentUp).toBe(true);
  });

  it('waits while the page is hidden and tries at once when it is shown again', async () => {
    await started();
    doc.hidden = true;
    doc.dispatchEvent(new Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(30 * 60_000);
    expect(attempts()).toBe(1);
    doc.hidden = false;
    doc.dispatchEvent(new Event('visibilitychange'));
    expect(attempts()).toBe(2);
  });

  it('tries at once when the browser goes online or someone asks for the agent, once at a time', async () => {
    await started();
    await vi.advanceTimersByTimeAsync(100_000);
    const n = attempts();
    win.dispatchEvent(new Event('online'));
    expect(attempts()).toBe(n + 1);
    core.reconnect(); // the previous attempt is still under way
    expect(attempts()).toBe(n + 1);
    await vi.advanceTimersByTimeAsync(0);
    core.reconnect();
    expect(attempts()).toBe(n + 2);
  });

  it('a direct call the agent answers brings the socket back at once', async () => {
    await started();
    await vi.advanceTimersByTimeAsync(100_000);
    const n = attempts();
    FakeAgentSocket.up = true;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ success: true, msg: '', code: 200, data: [] })),
    );
    await core.call('printers', {});
    expect(attempts()).toBe(n + 1);
    await vi.advanceTimersByTimeAsync(0);
    expect(useBridgeStore.getState().agentUp).toBe(true);
  });
});
