import { upgradeWebSocket } from '@hono/node-server';
import { Hono } from 'hono';
import type { WebSocket } from 'ws';
import { AgentClientMessageSchema, type AgentServerMessage } from '@shared/agent/events';
import { AGENT_WS_PING_MS } from '@shared/agent/constants';
import type { KeyWatcher } from '../devices/keys/key-watcher';
import { version } from '../version';

/**
 * WebSocket GET /events: `hello` with the keys present, then key insertions and removals. The upgrade goes
 * through the app like any request, so the Host and Origin guard applies to it too. Peers that miss a
 * WebSocket ping are dropped.
 */
export function eventRoutes(watcher: KeyWatcher, pingMs = AGENT_WS_PING_MS) {
  const peers = new Set<WebSocket>();
  const alive = new WeakMap<WebSocket, boolean>();
  const send = (ws: WebSocket, message: AgentServerMessage) => ws.send(JSON.stringify(message));
  const broadcast = (message: AgentServerMessage) => peers.forEach((ws) => send(ws, message));

  watcher.on('inserted', (key) => broadcast({ type: 'key-inserted', key }));
  watcher.on('removed', ({ slot, serial }) => broadcast({ type: 'key-removed', slot, serial }));
  const heartbeat = setInterval(() => {
    for (const ws of peers) {
      if (!alive.get(ws)) {
        ws.terminate();
        peers.delete(ws);
        continue;
      }
      alive.set(ws, false);
      ws.ping();
    }
  }, pingMs);
  heartbeat.unref();

  const routes = new Hono().get(
    '/events',
    upgradeWebSocket(() => ({
      onOpen: (_event, ctx) => {
        const ws = ctx.raw as WebSocket;
        peers.add(ws);
        alive.set(ws, true);
        ws.on('pong', () => alive.set(ws, true));
        send(ws, { type: 'hello', keys: watcher.current, version });
      },
      onMessage: (event, ctx) => {
        let parsed: unknown;
        try {
          parsed = JSON.parse(String(event.data));
        } catch {
          return;
        }
        if (AgentClientMessageSchema.safeParse(parsed).success) send(ctx.raw as WebSocket, { type: 'pong' });
      },
      onClose: (_event, ctx) => {
        peers.delete(ctx.raw as WebSocket);
      },
    })),
  );
  return { routes, close: () => clearInterval(heartbeat), peers };
}
