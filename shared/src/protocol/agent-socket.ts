import { AgentServerMessageSchema } from '../agent/events';
import { WS_RETRY_MS } from '../constants';
import type { BridgeEventBody } from './messages';

/** Under the spec's 30 s keepalive, so neither side drops an idle connection (nor MV3 its worker). */
export const AGENT_PING_MS = 25_000;

/** ws(s)://…/events of an agent address. */
export function agentEventsUrl(base: string): string {
  const u = new URL('/events', base);
  u.protocol = u.protocol === 'https:' ? 'wss:' : 'ws:';
  return u.toString();
}

/** Turns one message of the agent's /events socket into a bridge event (hello means the agent is up). */
export function agentMessageToEvent(raw: unknown): BridgeEventBody | null {
  let data: unknown = raw;
  if (typeof raw === 'string') {
    try {
      data = JSON.parse(raw);
    } catch {
      return null;
    }
  }
  const r = AgentServerMessageSchema.safeParse(data);
  if (!r.success) return null;
  const m = r.data;
  if (m.type === 'hello') return { type: 'agent-up', keys: m.keys, ...(m.version ? { version: m.version } : {}) };
  if (m.type === 'key-inserted' || m.type === 'key-removed') return m;
  return null;
}

export interface AgentSocketOptions {
  url: string;
  onEvent: (e: BridgeEventBody) => void;
  WebSocketImpl?: typeof WebSocket;
  /** A fixed delay before each new attempt (default WS_RETRY_MS), unless `retryDelay` is given. */
  retryMs?: number;
  /** The delay before the n-th attempt (1, 2, …) since the agent last said hello: a back-off. */
  retryDelay?: (n: number) => number;
  /** Asked when a retry falls due: false leaves the socket closed until `wake()` (a hidden page). */
  mayRetry?: () => boolean;
  pingMs?: number;
}

/**
 * The agent's /events socket (the extension's background, or a page without the extension): pings under
 * 30 s, reconnects after a close (every 5 s, or on the caller's back-off), and reports agent-down once per
 * outage.
 */
export class AgentSocket {
  private ws: WebSocket | null = null;
  private ping: ReturnType<typeof setInterval> | null = null;
  private retry: ReturnType<typeof setTimeout> | null = null;
  private up = false;
  private stopped = true;
  private failures = 0;

  constructor(private readonly o: AgentSocketOptions) {}

  start(): void {
    this.stopped = false;
    this.connect();
  }

  stop(): void {
    this.stopped = true;
    this.clearRetry();
    if (this.ping) clearInterval(this.ping);
    this.ws?.close();
    this.ws = null;
  }

  /** Tries now instead of at the next retry; nothing while connected or connecting. */
  wake(): void {
    if (this.stopped || this.ws) return;
    this.clearRetry();
    this.connect();
  }

  private clearRetry(): void {
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
  }

  private connect(): void {
    const Impl = this.o.WebSocketImpl ?? WebSocket;
    let ws: WebSocket;
    try {
      ws = new Impl(this.o.url);
    } catch {
      this.down();
      return;
    }
    this.ws = ws;
    ws.onmessage = (ev: MessageEvent) => {
      const e = agentMessageToEvent(ev.data);
      if (!e) return;
      if (e.type === 'agent-up') {
        this.up = true;
        this.failures = 0;
      }
      this.o.onEvent(e);
    };
    ws.onopen = () => {
      this.ping = setInterval(() => ws.send(JSON.stringify({ type: 'ping' })), this.o.pingMs ?? AGENT_PING_MS);
    };
    ws.onerror = () => {}; // a close follows, which schedules the retry
    ws.onclose = () => {
      if (this.ws === ws) this.down();
    };
  }

  private down(): void {
    if (this.ping) clearInterval(this.ping);
    this.ping = null;
    this.ws = null;
    if (this.up) this.o.onEvent({ type: 'agent-down' });
    this.up = false;
    if (this.stopped) return;
    this.failures++;
    const delay = this.o.retryDelay?.(this.failures) ?? this.o.retryMs ?? WS_RETRY_MS;
    this.retry = setTimeout(() => {
      this.retry = null;
      if (this.o.mayRetry?.() !== false) this.connect();
    }, delay);
  }
}
