import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { bridgeRequest, type BridgeResult } from '@shared/protocol/messages';
import { createBackground, STATE_KEY, type BackgroundBrowser } from './background-core';
import {
  challenge,
  extensionFetch,
  ExtensionWebSocket,
  EXT_ID,
  startAgentForExtension,
} from '../../tests/support/extension-agent';

const PAGE = 'http://127.0.0.1:5173';
type Sender = Parameters<ReturnType<typeof createBackground>['handleMessage']>[1];
/** What Chrome reports for a content script's message (tab fields the background does not read left out). */
const sender = (origin: string, extra: object = {}) =>
  ({
    id: EXT_ID,
    frameId: 0,
    origin,
    url: `${origin}/rxpacs/#/orderList`,
    tab: { id: 1, url: `${origin}/rxpacs/` },
    ...extra,
  }) as Sender;
const failureId = (r: BridgeResult | null) => (r && !r.ok ? r.error.id : r ? 'OK' : null);

describe('background (fakeBrowser + the real agent)', () => {
  let peer: Awaited<ReturnType<typeof startAgentForExtension>>;
  let bg: ReturnType<typeof createBackground>;
  const make = () =>
    createBackground({
      browser: fakeBrowser as unknown as BackgroundBrowser, // same APIs, in memory
      version: '9.9.9',
      fetchImpl: extensionFetch,
      WebSocketImpl: ExtensionWebSocket as unknown as typeof WebSocket,
      retryMs: 50,
    });

  beforeEach(async () => {
    fakeBrowser.reset();
    fakeBrowser.runtime.id = EXT_ID;
    // The agent allows the platform page and the extension; http://localhost:9999 is allowed only by the extension.
    peer = await startAgentForExtension([PAGE]);
    await fakeBrowser.storage.local.set({ agentUrl: peer.url });
    bg = make();
  });
  afterEach(async () => {
    bg.stop();
    await peer.stop();
  });

  it('forwards a request from an allowed page to the agent', async () => {
    const r = await bg.handleMessage(bridgeRequest('1', 'openStudy', { study_iuid: '1.2.3' }), sender(PAGE));
    expect(r).toMatchObject({ ok: true, id: '1' });
    await vi.waitFor(async () => expect(await peer.viewerCalls()).toEqual(['--study 1.2.3']));
  });

  it('refuses a forged sender: other origin, other extension, a frame, no origin at all', async () => {
    const req = { ...bridgeRequest('2', 'openStudy', { study_iuid: '1.2.3' }), origin: PAGE };
    for (const s of [
      sender('https://evil.example'),
      sender(PAGE, { id: 'ponmlkjihgfedcbaponmlkjihgfedcba' }),
      sender(PAGE, { frameId: 3 }),
      { id: EXT_ID, frameId: 0 } as Sender,
      sender('chrome-extension://ponmlkjihgfedcbaponmlkjihgfedcba', { url: undefined, tab: undefined }),
    ]) {
      expect(failureId(await bg.handleMessage(req, s))).toBe('ORIGIN_NOT_ALLOWED');
    }
    expect(await peer.viewerCalls()).toEqual([]);
  });

  it('signs for the sender origin, never for an origin written in the message', async () => {
    const params = { challenge: challenge(), pin: '123456', certificate_id: '01' };
    // Sender allowed by both: the agent gets past its origin check (then has no PKCS#11 module here).
    const fromPage = await bg.handleMessage(
      { ...bridgeRequest('3', 'sign', params), origin: 'http://localhost:9999' },
      sender(PAGE),
    );
    expect(failureId(fromPage)).toBe('PKCS11_UNAVAILABLE');
    // Sender the agent does not allow: naming the allowed page in the message does not help.
    const forged = await bg.handleMessage(
      { ...bridgeRequest('4', 'sign', params), origin: PAGE },
      sender('http://localhost:9999'),
    );
    expect(failureId(forged)).toBe('ORIGIN_NOT_ALLOWED');
    // An origin among the parameters is refused outright.
    const inParams = await bg.handleMessage(
      bridgeRequest('5', 'sign', { ...params, origin: PAGE } as never),
      sender(PAGE),
    );
    expect(failureId(inParams)).toBe('BAD_REQUEST');
  });

  it('does not answer messages without the prefix or of another version', async () => {
    const ok = bridgeRequest('6', 'status', {});
    expect(await bg.handleMessage({ ...ok, prefix: undefined }, sender(PAGE))).toBeNull();
    expect(await bg.handleMessage({ ...ok, version: 2 }, sender(PAGE))).toBeNull();
    expect(await bg.handleMessage('hello', sender(PAGE))).toBeNull();
  });

  it('follows the agent down and up, keeps the state across a worker restart, and tells allowed tabs only', async () => {
    vi.spyOn(fakeBrowser.tabs, 'query').mockResolvedValue([
      { id: 1, url: `${PAGE}/rxpacs/` },
      { id: 2, url: 'https://evil.example/' },
    ] as never);
    const sent = vi.spyOn(fakeBrowser.tabs, 'sendMessage').mockResolvedValue(undefined);
    await bg.start();
    await vi.waitFor(() => expect(bg.state()).toMatchObject({ agentUp: true, keys: [] }));
    expect(bg.state().agentVersion).toMatch(/^\d+\.\d+\.\d+/);
    expect(sent.mock.calls.map((c) => c[0])).toEqual([1]);
    expect(sent.mock.calls[0]![1]).toMatchObject({
      prefix: 'rxpacs-bridge',
      kind: 'event',
      event: { type: 'agent-up' },
    });

    // A new worker (MV3 stopped the old one) answers from the saved state before it reconnects.
    const restarted = make();
    await restarted.start();
    const status = await restarted.handleMessage(bridgeRequest('7', 'status', {}), sender(PAGE));
    expect(status).toMatchObject({ ok: true, data: { agentUp: true, extensionVersion: '9.9.9', agentUrl: peer.url } });
    restarted.stop();

    const port = peer.agent.port;
    await peer.stop();
    await vi.waitFor(() => expect(bg.state().agentUp).toBe(false));
    expect((await fakeBrowser.storage.session.get(STATE_KEY))[STATE_KEY]).toMatchObject({ agentUp: false });
    expect(sent.mock.calls.at(-1)![1]).toMatchObject({ event: { type: 'agent-down' } });
    const down = await bg.handleMessage(bridgeRequest('8', 'printers', {}), sender(PAGE));
    expect(failureId(down)).toBe('AGENT_DOWN');

    peer = await startAgentForExtension([PAGE], port);
    await vi.waitFor(() => expect(bg.state().agentUp).toBe(true), { timeout: 5_000 });
  });

  it('follows a managed policy: its agent address wins, its origins are allowed', async () => {
    await fakeBrowser.storage.managed.set({
      origins: ['https://pacs.hospital.example'],
      agentUrl: 'http://10.0.0.9:1',
    });
    const s = await bg.settings();
    expect(s.agentUrl).toBe(peer.url); // a non-loopback agent address is ignored
    expect(s.origins).toEqual(['https://pacs.hospital.example']);
    const r = await bg.handleMessage(bridgeRequest('9', 'status', {}), sender('https://pacs.hospital.example'));
    expect(r).toMatchObject({ ok: true });
  });
});

describe('background: the agent address', () => {
  it('sets up the Origin rule for a new agent address before connecting to it', async () => {
    fakeBrowser.reset();
    fakeBrowser.runtime.id = EXT_ID;
    await fakeBrowser.storage.local.set({ agentUrl: 'http://127.0.0.1:1' });
    const seen: string[] = [];
    const bg = createBackground({
      browser: fakeBrowser as unknown as BackgroundBrowser,
      version: '1.0.0',
      WebSocketImpl: ExtensionWebSocket as unknown as typeof WebSocket,
      onAgentUrl: async (url) => void seen.push(url),
    });
    await bg.start();
    await bg.ensureConnected();
    await fakeBrowser.storage.local.set({ agentUrl: 'http://localhost:2' });
    await bg.reloadSettings();
    bg.stop();
    expect(seen).toEqual(['http://127.0.0.1:1', 'http://localhost:2']);
  });
});
