import { WS_KEEPALIVE_MS, WS_RETRY_MS } from '@shared/constants';

/** The state of the connection (the call screen shows it: connection succeeded, broken, retrying). */
export type ConnectionStatus = 'connecting' | 'open' | 'broken' | 'retrying';

export interface ReconnectingSocketOptions {
  url: string;
  /** The first message after each (re)connection (a secret goes here, not in the URL); the keepalive message. */
  hello: () => string;
  ping: () => string;
  /** Each message that is JSON, parsed; the caller checks its shape. */
  onMessage: (data: unknown) => void;
  onStatus?: (s: ConnectionStatus) => void;
  /** A close code after which retrying is pointless (a refused key or token, an ended session). */
  isFinal?: (code: number) => boolean;
  WebSocketImpl?: typeof WebSocket;
  retryMs?: number;
  keepaliveMs?: number;
}

function parse(data: unknown): unknown {
  try {
    return JSON.parse(String(data));
  } catch {
    return undefined;
  }
}

/**
 * A socket that says hello on open, pings every 30 s, and after any close but a final one tries again every
 * 5 s until stopped (the call screen in a waiting room has nobody to press reload; a signed-in tab keeps its
 * realtime feed).
 */
export class ReconnectingSocket {
  private ws: WebSocket | null = null;
  private keepalive: ReturnType<typeof setInterval> | null = null;
  private retry: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;

  constructor(private readonly o: ReconnectingSocketOptions) {}

  start(): void {
    this.stopped = false;
    this.connect();
  }

  stop(): void {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    this.stopKeepalive();
    const ws = this.ws;
    this.ws = null;
    ws?.close();
  }

  private connect(): void {
    this.o.onStatus?.('connecting');
    const Impl = this.o.WebSocketImpl ?? WebSocket;
    let ws: WebSocket;
    try {
      ws = new Impl(this.o.url);
    } catch {
      this.scheduleRetry();
      return;
    }
    this.ws = ws;
    ws.onopen = () => {
      this.o.onStatus?.('open');
      ws.send(this.o.hello());
      this.keepalive = setInterval(() => ws.send(this.o.ping()), this.o.keepaliveMs ?? WS_KEEPALIVE_MS);
    };
    ws.onmessage = (ev: MessageEvent) => {
      const m = parse(ev.data);
      if (m !== undefined) this.o.onMessage(m);
    };
    ws.onerror = () => {
      if (this.ws === ws) this.o.onStatus?.('broken');
    };
    ws.onclose = (ev: CloseEvent) => {
      if (this.ws !== ws) return;
      this.stopKeepalive();
      this.ws = null;
      if (this.o.isFinal?.(ev.code)) {
        this.o.onStatus?.('broken');
        return;
      }
      this.scheduleRetry();
    };
  }

  private stopKeepalive(): void {
    if (this.keepalive) clearInterval(this.keepalive);
    this.keepalive = null;
  }

  private scheduleRetry(): void {
    if (this.stopped) return;
    this.o.onStatus?.('retrying');
    this.retry = setTimeout(() => {
      this.retry = null;
      this.connect();
    }, this.o.retryMs ?? WS_RETRY_MS);
  }
}
