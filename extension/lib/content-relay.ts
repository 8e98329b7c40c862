import {
  BRIDGE_ERRORS,
  BridgeEventSchema,
  BridgeRequestSchema,
  BridgeResultSchema,
  bridgeAck,
  bridgeEvent,
  bridgeFailure,
} from '@shared/protocol/messages';
import type { Browser, browser } from 'wxt/browser';

type Runtime = Pick<(typeof browser)['runtime'], 'sendMessage' | 'onMessage'>;

/**
 * The content script's relay between the page and the background. It takes requests only from its own
 * window with the protocol's prefix, acks each at once (the page tells "missing" from "slow"), and posts
 * answers and events to the page's own origin, never '*'.
 */
export function startContentRelay(win: Window, runtime: Runtime, version: string): () => void {
  const origin = win.location.origin;
  const post = (m: unknown) => win.postMessage(m, origin);

  const onPageMessage = (ev: MessageEvent) => {
    if (ev.source !== win || ev.origin !== origin) return;
    const parsed = BridgeRequestSchema.safeParse(ev.data);
    if (!parsed.success) return; // our own acks and answers, other scripts' messages, wrong version
    const req = parsed.data;
    post(bridgeAck(req.id));
    runtime
      .sendMessage(req)
      .then((answer: unknown) => {
        const r = BridgeResultSchema.safeParse(answer);
        if (r.success && r.data.id === req.id) post(r.data);
      })
      .catch(() => {
        // The extension was updated or disabled under this page.
        post(bridgeFailure(req.id, { id: BRIDGE_ERRORS.EXTENSION_MISSING, msg: 'extension context lost' }));
      });
  };

  const onBackgroundMessage = (message: unknown, sender: Browser.runtime.MessageSender) => {
    if (sender.tab) return; // only the background (not other tabs' content scripts) sends events
    const r = BridgeEventSchema.safeParse(message);
    if (r.success) post(r.data);
  };

  win.addEventListener('message', onPageMessage);
  runtime.onMessage.addListener(onBackgroundMessage);
  post(bridgeEvent({ type: 'extension-ready', version }));
  return () => {
    win.removeEventListener('message', onPageMessage);
    runtime.onMessage.removeListener(onBackgroundMessage);
  };
}
