import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { WS_KEEPALIVE_MS } from '@shared/constants';
import { REALTIME_CLOSE, REALTIME_PATH } from '@shared/protocol/realtime';
import type { Db } from '../db/client';
import type { Logger } from '../lib/logger';
import { authenticate } from '../modules/auth/session';
import { acceptConnection, send } from './connection';
import { originAllowed } from './origin';
import { ClientRegistry } from './registry';
import type { RealtimeHub } from './types';

export type { RealtimeHub, SessionEndReason } from './types';

export interface RealtimeOptions {
  db: Db;
  log: Logger;
  /** Env PUBLIC_ORIGIN: the only Origin allowed when set. */
  publicOrigin?: string | undefined;
  keepaliveMs?: number;
  authTimeoutMs?: number;
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
    acceptConnection(ws, { registry, authenticate: (t) => authenticate(o.db, t), authTimeoutMs: o.authTimeoutMs });
  });

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (path !== REALTIME_PATH) return refuseUpgrade(socket, '404 Not Found');
    if (!originAllowed(req, o.publicOrigin)) {
      o.log.warn({ origin: req.headers.origin ?? '' }, 'realtime: origin refused');
      return refuseUpgrade(socket, '403 Forbidden');
    }
    wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
  };

  return {
    sessionsEnded(userPk, reason) {
      for (const { ws } of registry.take(userPk)) {
        send(ws, { type: 'session_ended', reason });
        ws.close(REALTIME_CLOSE.sessionEnded, 'session ended');
      }
    },
    attach(server) {
      server.on('upgrade', onUpgrade);
    },
    connections: (userPk) => registry.count(userPk),
    async close() {
      clearInterval(heartbeat);
      for (const ws of wss.clients) ws.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
