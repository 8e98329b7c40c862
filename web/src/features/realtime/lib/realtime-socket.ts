import {
  REALTIME_CLOSE,
  REALTIME_PATH,
  RealtimeServerMessageSchema,
  type RealtimeServerMessage,
} from '@shared/protocol/realtime';
import { ReconnectingSocket } from '@web/lib/reconnecting-socket';

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

/**
 * Signs in with the token as its first message (never in the URL), pings every 30 s, reconnects 5 s after
 * a close. It gives up when the server refuses the token or ends the session: the next request's 401 (or
 * the session_ended message) signs the tab out, and a new sign-in opens a new socket.
 */
export class RealtimeSocket extends ReconnectingSocket {
  constructor(o: RealtimeSocketOptions) {
    super({
      url: o.url,
      hello: () => JSON.stringify({ type: 'auth', token: o.token }),
      ping: () => JSON.stringify({ type: 'ping' }),
      onMessage: (data) => {
        const m = RealtimeServerMessageSchema.safeParse(data);
        if (m.success) o.onMessage(m.data);
      },
      isFinal: (code) =>
        code === REALTIME_CLOSE.unauthorized ||
        code === REALTIME_CLOSE.sessionEnded ||
        code === REALTIME_CLOSE.signedOut,
      WebSocketImpl: o.WebSocketImpl,
      retryMs: o.retryMs,
      keepaliveMs: o.keepaliveMs,
    });
  }
}
