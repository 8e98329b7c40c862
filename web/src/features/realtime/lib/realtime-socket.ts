import { WS_KEEPALIVE_MS, WS_RETRY_MS } from '@shared/constants';
import {
  REALTIME_CLOSE,
  REALTIME_PATH,
  RealtimeServerMessageSchema,
  type RealtimeServerMessage,
} from '@shared/protocol/realtime';

export interface RealtimeSocketOptions {
  /** ws(s)://host/realtime */
  url: string;
  token: string;
  onMessage: (m: RealtimeServerMessage) => void;
  WebSocketImpl?: typeof WebSocket;
  retryMs?: number;
  keepaliveMs?: number;
}

/** The platform's socket on the page's own origin. */
export function realtimeUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${REALTIME_PATH}`;
}

function parse(data: unknown): RealtimeServerMessage | null {
  try {
    const r = RealtimeServerMessageSchema.safeParse(JSON.parse(String(data)));
    return r.success ? r.data : null;
  } catch {
    return null;
  }
}

/**
 * Signs in with the token as its first message (never in the URL), pings every 30 s, reconnects 5 s after
 * a close. It gives up when the server refuses the token or ends the session: the next request's 401 (or
 * the session_ended message) signs the tab out, and a new sign-in opens a new socket.
 */
export class RealtimeSocket {
  private ws: WebSocket | null = null;
  private keepalive: ReturnType<typeof setInterval> | null = null;
  private retry: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;

  constructor(private readonly o: RealtimeSocketOptions) {}

  start(): void {
    this.stopped = false;
    this.connect();
  }

  stop(): void {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    this.closed();
    this.ws?.close();
    this.ws = null;
  }

  private connect(): void {
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
      ws.send(JSON.stringify({ type: 'auth', token: this.o.token }));
      this.keepalive = setInterval(
        () => ws.send(JSON.stringify({ type: 'ping' })),
        this.o.keepaliveMs ?? WS_KEEPALIVE_MS,
      );
    };
    ws.onmessage = (ev: MessageEvent) => {
      const m = parse(ev.data);
      if (m) this.o.onMessage(m);
    };
    ws.onerror = () => {}; // a close follows
    ws.onclose = (ev: CloseEvent) => {
      if (this.ws !== ws) return;
      this.closed();
      this.ws = null;
      const final = ev.code === REALTIME_CLOSE.unauthorized || ev.code === REALTIME_CLOSE.sessionEnded;
      if (!final) this.scheduleRetry();
    };
  }

  private closed(): void {
    if (this.keepalive) clearInterval(this.keepalive);
    this.keepalive = null;
  }

  private scheduleRetry(): void {
    if (this.stopped) return;
    this.retry = setTimeout(() => this.connect(), this.o.retryMs ?? WS_RETRY_MS);
  }
}
