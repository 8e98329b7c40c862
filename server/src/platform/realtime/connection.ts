import type { WebSocket } from 'ws';
import {
  REALTIME_AUTH_TIMEOUT_MS,
  REALTIME_CLOSE,
  RealtimeClientMessageSchema,
  type RealtimeClientMessage,
  type RealtimeServerMessage,
} from '@shared/protocol/realtime';
import type { AuthUser } from '../core/auth-user';
import type { ClientRegistry } from './registry';

export const send = (ws: WebSocket, m: RealtimeServerMessage) => {
  if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(m));
};

function parse(data: unknown): RealtimeClientMessage | null {
  try {
    const r = RealtimeClientMessageSchema.safeParse(JSON.parse(String(data)));
    return r.success ? r.data : null;
  } catch {
    return null;
  }
}

export interface ConnectionOptions {
  registry: ClientRegistry;
  /** The session check of every request (throws for an unknown, revoked or expired token). */
  authenticate: (token: string) => Promise<AuthUser>;
  authTimeoutMs?: number;
}

/**
 * One socket: the first message must be `{type:'auth', token}` with a live session, within the time
 * limit; then it is registered under its user and answers `ping` with `pong`.
 */
export function acceptConnection(ws: WebSocket, o: ConnectionOptions): void {
  let state: 'waiting' | 'checking' | 'ready' = 'waiting';
  const refuse = (code: number) => ws.close(code, 'unauthorized');
  const timer = setTimeout(() => refuse(REALTIME_CLOSE.authTimeout), o.authTimeoutMs ?? REALTIME_AUTH_TIMEOUT_MS);
  timer.unref();

  ws.on('message', (data) => {
    const m = parse(data);
    if (state === 'ready') {
      if (m?.type === 'ping') send(ws, { type: 'pong' });
      return;
    }
    if (state === 'checking') return refuse(REALTIME_CLOSE.unauthorized);
    if (m?.type !== 'auth') return refuse(REALTIME_CLOSE.unauthorized);
    state = 'checking';
    o.authenticate(m.token).then(
      (user) => {
        clearTimeout(timer);
        if (ws.readyState !== ws.OPEN) return;
        const client = {
          ws,
          userPk: user.pk,
          sessionPk: user.sessionPk,
          role_pk: user.role_pk,
          hospital_code: user.hospital_code,
          isSuper: user.isSuper,
        };
        o.registry.add(client);
        ws.once('close', () => o.registry.remove(client));
        state = 'ready';
        send(ws, { type: 'ready' });
      },
      () => refuse(REALTIME_CLOSE.unauthorized),
    );
  });
  ws.once('close', () => clearTimeout(timer));
}
