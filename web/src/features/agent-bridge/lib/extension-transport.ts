import {
  ACK_TIMEOUT_MS,
  BRIDGE_ERRORS,
  BridgeInboundSchema,
  bridgeRequest,
  type BridgeAction,
  type BridgeEventBody,
  type BridgeParams,
} from '@shared/protocol/messages';
import { BridgeError } from './bridge-error';

interface Pending {
  acked: boolean;
  resolve: (v: unknown) => void;
  reject: (e: BridgeError) => void;
  timer: ReturnType<typeof setTimeout>;
  timeoutMs: number;
}

export interface ExtensionTransportOptions {
  win?: Window;
  ackTimeoutMs?: number;
  onEvent: (e: BridgeEventBody) => void;
  /** Text of EXTENSION_MISSING and TIMEOUT failures, in the user's language. */
  message: (id: string) => string;
}

/**
 * Requests to the extension's content script over window.postMessage. Only messages from this window
 * (not frames, not other tabs) with the protocol prefix count. The content script acks at once, so no ack
 * within ACK_TIMEOUT_MS means no extension; after the ack the request may take its own time.
 */
export class ExtensionTransport {
  private readonly win: Window;
  private readonly pending = new Map<string, Pending>();
  private readonly ackTimeoutMs: number;

  constructor(private readonly o: ExtensionTransportOptions) {
    this.win = o.win ?? window;
    this.ackTimeoutMs = o.ackTimeoutMs ?? ACK_TIMEOUT_MS;
    this.win.addEventListener('message', this.onMessage);
  }

  dispose(): void {
    this.win.removeEventListener('message', this.onMessage);
    for (const [id, p] of this.pending) {
      clearTimeout(p.timer);
      p.reject(new BridgeError(BRIDGE_ERRORS.EXTENSION_MISSING, this.o.message(BRIDGE_ERRORS.EXTENSION_MISSING)));
      this.pending.delete(id);
    }
  }

  request<A extends BridgeAction>(
    action: A,
    params: BridgeParams<A>,
    timeoutMs: number,
    lang?: string,
  ): Promise<unknown> {
    const id = crypto.randomUUID();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => this.expire(id), this.ackTimeoutMs);
      this.pending.set(id, { acked: false, resolve, reject, timer, timeoutMs });
      this.win.postMessage(bridgeRequest(id, action, params, lang), this.win.location.origin);
    });
  }

  private expire(id: string): void {
    const p = this.pending.get(id);
    if (!p) return;
    this.pending.delete(id);
    const errId = p.acked ? BRIDGE_ERRORS.TIMEOUT : BRIDGE_ERRORS.EXTENSION_MISSING;
    p.reject(new BridgeError(errId, this.o.message(errId)));
  }

  private readonly onMessage = (ev: MessageEvent): void => {
    if (ev.source !== this.win || ev.origin !== this.win.location.origin) return;
    const parsed = BridgeInboundSchema.safeParse(ev.data);
    if (!parsed.success) return;
    const m = parsed.data;
    if (m.kind === 'event') {
      this.o.onEvent(m.event);
      return;
    }
    const p = this.pending.get(m.id);
    if (!p) return;
    if (m.kind === 'ack') {
      if (p.acked) return;
      p.acked = true;
      clearTimeout(p.timer);
      p.timer = setTimeout(() => this.expire(m.id), p.timeoutMs);
      return;
    }
    clearTimeout(p.timer);
    this.pending.delete(m.id);
    if (m.ok) p.resolve(m.data);
    else p.reject(new BridgeError(m.error.id, m.error.msg, m.error.data));
  };
}
