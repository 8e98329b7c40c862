import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { inArray } from 'drizzle-orm';
import { WebSocketServer, type WebSocket } from 'ws';
import { SUPER_ADMIN_ROLE_PK, WS_KEEPALIVE_MS } from '@shared/constants';
import { REALTIME_CLOSE, REALTIME_PATH, type RealtimeServerMessage } from '@shared/protocol/realtime';
import { SCREEN_SOCKET_PREFIX } from '@shared/protocol/queue-screen';
import type { Db } from '../db/client';
import { sysUser } from '../db/schema';
import type { Logger } from '../core/logger';
import {
  ACCESS_CHANNEL,
  SESSIONS_CHANNEL,
  USERS_CHANNEL,
  type AccessEvent,
  type SessionsEndedEvent,
  type UsersEvent,
} from './user-events';
import { acceptConnection, send } from './connection';
import { originAllowed } from './origin';
import type { Fanout } from './fanout';
import { QUEUE_CHANNEL, type QueueEvent } from './queue-events';
import { ClientRegistry, type Client } from './registry';
import type { AuthUser } from '../core/auth-user';
import type { RealtimeHub, ScreenHub } from './types';

export type { RealtimeHub, SessionEndReason } from './types';

export interface RealtimeOptions {
  db: Db;
  log: Logger;
  /** Env PUBLIC_ORIGIN: the only Origin allowed when set. */
  publicOrigin?: string | undefined;
  keepaliveMs?: number;
  authTimeoutMs?: number;
  /** A socket's first message signs it in with a session token (the auth module's sessions, passed in at start). */
  authenticate: (token: string) => Promise<AuthUser>;
  /** The call screens' sockets (same HTTP server, routed by path). */
  screens?: ScreenHub;
  /** Queue and access events of every process (the desks' queue_changed, the tabs' access_changed). */
  fanout?: Fanout;
}

function refuseUpgrade(socket: Duplex, status: string) {
  socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

export function createRealtimeHub(o: RealtimeOptions): RealtimeHub {
  const registry = new ClientRegistry();
  const wss = new WebSocketServer({ noServer: true, maxPayload: 4096 });
  const alive = new WeakMap<WebSocket, boolean>();

  // Dead peers (no pong since the last round) are dropped; the client reconnects when it wakes up.
  const heartbeat = setInterval(() => {
    for (const ws of wss.clients) {
      if (alive.get(ws) === false) {
        ws.terminate();
        continue;
      }
      alive.set(ws, false);
      ws.ping();
    }
  }, o.keepaliveMs ?? WS_KEEPALIVE_MS);
  heartbeat.unref();

  wss.on('connection', (ws) => {
    alive.set(ws, true);
    ws.on('pong', () => alive.set(ws, true));
    ws.on('error', () => ws.terminate());
    acceptConnection(ws, { registry, authenticate: o.authenticate, authTimeoutMs: o.authTimeoutMs });
  });

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (o.screens && path.startsWith(SCREEN_SOCKET_PREFIX)) return o.screens.handleUpgrade(req, socket, head);
    if (path !== REALTIME_PATH) return refuseUpgrade(socket, '404 Not Found');
    if (!originAllowed(req, o.publicOrigin)) {
      o.log.warn({ origin: req.headers.origin ?? '' }, 'realtime: origin refused');
      return refuseUpgrade(socket, '403 Forbidden');
    }
    wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
  };

  const queueChanged = (hospitalCode: string, callRoom: string) => {
    for (const c of registry.all()) {
      if (c.isSuper || c.hospital_code === hospitalCode) {
        send(c.ws, { type: 'queue_changed', hospital_code: hospitalCode, call_room: callRoom });
      }
    }
  };
  const unsubscribeQueue = o.fanout?.subscribe(QUEUE_CHANNEL, (m) => {
    const ev = m as QueueEvent;
    if (ev.kind === 'room') queueChanged(ev.hospital_code, ev.call_room);
  });

  /** The sockets concerned take the user's hospital and role as they are now, then are told. */
  const deliverAccess = async (ev: AccessEvent) => {
    const concerned =
      'user_pks' in ev ? (c: Client) => ev.user_pks.includes(c.userPk) : (c: Client) => c.role_pk === ev.role_pk;
    const clients = registry.all().filter(concerned);
    if (!clients.length) return;
    const pks = [...new Set(clients.map((c) => c.userPk))];
    const rows = await o.db
      .select({ pk: sysUser.pk, role_pk: sysUser.role_pk, hospital_code: sysUser.hospital_code })
      .from(sysUser)
      .where(inArray(sysUser.pk, pks));
    const now = new Map(rows.map((r) => [r.pk, r]));
    for (const c of clients) {
      const row = now.get(c.userPk);
      if (!row) continue; // deleted: its session_ended is on the way
      c.role_pk = row.role_pk ?? 0;
      c.hospital_code = row.hospital_code;
      c.isSuper = row.role_pk === SUPER_ADMIN_ROLE_PK;
      send(c.ws, { type: 'access_changed' });
    }
  };
  const onAccess = (m: unknown) =>
    void deliverAccess(m as AccessEvent).catch((err: Error) =>
      o.log.warn({ err: err.message }, 'realtime: access change not delivered'),
    );
  const unsubscribeAccess = o.fanout?.subscribe(ACCESS_CHANNEL, onAccess);

  const endSessions = (ev: SessionsEndedEvent) => {
    if ('session_pk' in ev) {
      for (const { ws } of registry.takeSession(ev.user_pk, ev.session_pk))
        ws.close(REALTIME_CLOSE.signedOut, 'signed out');
      return;
    }
    for (const { ws } of registry.take(ev.user_pk)) {
      send(ws, { type: 'session_ended', reason: ev.reason });
      ws.close(REALTIME_CLOSE.sessionEnded, 'session ended');
    }
  };
  const publishEnd = (ev: SessionsEndedEvent) => {
    if (!o.fanout) return endSessions(ev);
    // Not published: this process's sockets are still closed; the others meet their 401 at the next request.
    o.fanout.publish(SESSIONS_CHANNEL, ev).catch((err: Error) => {
      o.log.warn({ err: err.message }, 'realtime: session end not published');
      endSessions(ev);
    });
  };
  const unsubscribeSessions = o.fanout?.subscribe(SESSIONS_CHANNEL, (m) => endSessions(m as SessionsEndedEvent));
  const users = usersMessages(registry, o);

  return {
    queueChanged,
    toUsers: users.toUsers,
    // The change is committed already: a lost notice only delays the menus until the next reload.
    accessChanged: async (ev) => {
      if (!o.fanout) return onAccess(ev);
      await o.fanout
        .publish(ACCESS_CHANNEL, ev)
        .catch((err: Error) => o.log.warn({ err: err.message }, 'realtime: access change not published'));
    },
    sessionsEnded: (userPk, reason) => publishEnd({ user_pk: userPk, reason }),
    signedOut: (userPk, sessionPk) => publishEnd({ user_pk: userPk, session_pk: sessionPk }),
    attach(server) {
      server.on('upgrade', onUpgrade);
    },
    connections: (userPk) => registry.count(userPk),
    async close() {
      unsubscribeQueue?.();
      unsubscribeAccess?.();
      unsubscribeSessions?.();
      users.unsubscribe?.();
      clearInterval(heartbeat);
      await o.screens?.close();
      for (const ws of wss.clients) ws.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}

/** Messages for named users' tabs: published to every process, each delivering to its own sockets. */
function usersMessages(registry: ClientRegistry, o: Pick<RealtimeOptions, 'fanout' | 'log'>) {
  const deliver = (ev: UsersEvent) => {
    const pks = new Set(ev.user_pks);
    for (const c of registry.all()) if (pks.has(c.userPk)) send(c.ws, ev.message);
  };
  return {
    unsubscribe: o.fanout?.subscribe(USERS_CHANNEL, (m) => deliver(m as UsersEvent)),
    toUsers: async (userPks: number[], message: RealtimeServerMessage) => {
      // A NOTIFY payload holds 8000 bytes: users in groups of 300 (about 2.4 KB of numbers each).
      for (let i = 0; i < userPks.length; i += 300) {
        const ev = { user_pks: userPks.slice(i, i + 300), message };
        if (!o.fanout) deliver(ev);
        else
          await o.fanout.publish(USERS_CHANNEL, ev).catch((err: Error) => {
            o.log.warn({ err: err.message }, 'realtime: message to users not published');
            deliver(ev);
          });
      }
    },
  };
}
