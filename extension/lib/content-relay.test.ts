import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { FakeWindow } from '../../tests/support/fake-window';
import { bridgeEvent, bridgeRequest, bridgeSuccess, type BridgeRequest } from '@shared/protocol/messages';
import { startContentRelay } from './content-relay';

const kinds = (w: FakeWindow) => w.posted.map((p) => (p.data as { kind: string }).kind);

function setup(sendMessage: (m: unknown) => Promise<unknown>) {
  fakeBrowser.reset();
  const win = new FakeWindow();
  const runtime = { sendMessage: vi.fn(sendMessage), onMessage: fakeBrowser.runtime.onMessage };
  const stop = startContentRelay(win.asWindow(), runtime as never, '1.2.3');
  return { win, runtime, stop };
}

describe('content script relay', () => {
  it('announces itself, acks at once and answers to the page origin only', async () => {
    const { win, runtime } = setup(async (m) => bridgeSuccess((m as BridgeRequest).id, { done: 1 }));
    expect(win.posted[0]).toMatchObject({
      data: { kind: 'event', event: { type: 'extension-ready', version: '1.2.3' } },
    });
    win.postMessage(bridgeRequest('r1', 'printers', {}), win.location.origin);
    await vi.waitFor(() => expect(kinds(win)).toEqual(['event', 'request', 'ack', 'result']));
    expect(win.posted.every((p) => p.targetOrigin === 'http://127.0.0.1:8080')).toBe(true);
    expect(runtime.sendMessage).toHaveBeenCalledWith(expect.objectContaining({ id: 'r1', action: 'printers' }));
  });

  it('ignores messages from other windows or origins, and without the prefix', async () => {
    const { win, runtime } = setup(async () => null);
    win.reply(bridgeRequest('r2', 'status', {}), {}); // a frame
    win.reply(bridgeRequest('r3', 'status', {}), win, 'https://evil.example');
    win.reply({ kind: 'request', id: 'r4', action: 'status', params: {} });
    await new Promise((r) => setTimeout(r, 20));
    expect(runtime.sendMessage).not.toHaveBeenCalled();
    expect(kinds(win)).toEqual(['event']);
  });

  it('tells the page when the extension went away under it', async () => {
    const { win } = setup(() => Promise.reject(new Error('Extension context invalidated.')));
    win.postMessage(bridgeRequest('r5', 'status', {}), win.location.origin);
    await vi.waitFor(() =>
      expect(win.posted.at(-1)?.data).toMatchObject({ kind: 'result', ok: false, error: { id: 'EXTENSION_MISSING' } }),
    );
  });

  it('relays the background events to the page, not messages from other tabs, until stopped', async () => {
    const { win, stop } = setup(async () => null);
    await fakeBrowser.runtime.onMessage.trigger(bridgeEvent({ type: 'agent-down' }), {});
    await fakeBrowser.runtime.onMessage.trigger(bridgeEvent({ type: 'agent-down' }), { tab: { id: 4 } as never });
    expect(kinds(win)).toEqual(['event', 'event']);
    stop();
    await fakeBrowser.runtime.onMessage.trigger(bridgeEvent({ type: 'agent-down' }), {});
    expect(kinds(win)).toEqual(['event', 'event']);
  });
});
