import { describe, expect, it, vi } from 'vitest';
import { bridgeAck, bridgeEvent, bridgeFailure, bridgeSuccess, type BridgeRequest } from '@shared/protocol/messages';
import { BridgeError } from './bridge-error';
import { ExtensionTransport } from './extension-transport';
import { FakeWindow } from '../../../../../tests/support/fake-window';

const setup = (ackTimeoutMs = 50) => {
  const win = new FakeWindow();
  const onEvent = vi.fn();
  const t = new ExtensionTransport({ win: win.asWindow(), ackTimeoutMs, onEvent, message: (id) => `text:${id}` });
  return { win, onEvent, t };
};
const asRequest = (d: unknown) => d as BridgeRequest;

describe('ExtensionTransport (page side)', () => {
  it('posts a prefixed request to its own origin, never "*"', async () => {
    const { win, t } = setup();
    win.onPost = (d) => {
      const r = asRequest(d);
      if (r.kind === 'request') {
        win.reply(bridgeAck(r.id));
        win.reply(bridgeSuccess(r.id, { done: true }));
      }
    };
    await expect(t.request('openStudy', { study_iuid: '1.2' }, 1000, 'en-US')).resolves.toEqual({ done: true });
    expect(win.posted[0]).toMatchObject({
      targetOrigin: 'http://127.0.0.1:8080',
      data: { prefix: 'rxpacs-bridge', version: 1, action: 'openStudy', lang: 'en-US' },
    });
  });

  it('says EXTENSION_MISSING when nothing acks in time', async () => {
    const { t } = setup();
    const e = await t.request('status', {}, 1000).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(BridgeError);
    expect(e).toMatchObject({ id: 'EXTENSION_MISSING', message: 'text:EXTENSION_MISSING' });
  });

  it('says TIMEOUT when the ack came but the answer did not (slow, not missing)', async () => {
    const { win, t } = setup();
    win.onPost = (d) => win.reply(bridgeAck(asRequest(d).id));
    await expect(t.request('printers', {}, 80)).rejects.toMatchObject({ id: 'TIMEOUT' });
  });

  it('keeps the failure id and data (tries left)', async () => {
    const { win, t } = setup();
    win.onPost = (d) => {
      const { id } = asRequest(d);
      win.reply(bridgeAck(id));
      win.reply(bridgeFailure(id, { id: 'PIN_INCORRECT', msg: 'wrong PIN', data: { triesLeft: 2 } }));
    };
    await expect(t.request('sign', { challenge: 'c', pin: '000000', certificate_id: '1' }, 1000)).rejects.toMatchObject(
      {
        id: 'PIN_INCORRECT',
        message: 'wrong PIN',
        data: { triesLeft: 2 },
      },
    );
  });

  it('ignores answers from another window, another origin, or without the prefix', async () => {
    const { win, t } = setup();
    win.onPost = (d) => {
      const { id } = asRequest(d);
      win.reply(bridgeAck(id), {}); // a frame or another window
      win.reply(bridgeAck(id), win, 'https://evil.example');
      win.reply({ kind: 'ack', id }); // no prefix
    };
    await expect(t.request('status', {}, 1000)).rejects.toMatchObject({ id: 'EXTENSION_MISSING' });
  });

  it('passes events on and stops listening when disposed', () => {
    const { win, t, onEvent } = setup();
    win.reply(bridgeEvent({ type: 'key-removed', slot: '1', serial: 'S' }));
    expect(onEvent).toHaveBeenCalledWith({ type: 'key-removed', slot: '1', serial: 'S' });
    t.dispose();
    win.reply(bridgeEvent({ type: 'agent-down' }));
    expect(onEvent).toHaveBeenCalledTimes(1);
  });
});
