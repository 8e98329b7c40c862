import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { WS_KEEPALIVE_MS } from '@shared/constants';
import {
  SCREEN_CLOSE,
  SCREEN_SOCKET_PREFIX,
  ScreenClientMessageSchema,
  type ScreenServerMessage,
} from '@shared/protocol/queue-screen';
import type { ScreenHub } from '../../platform/realtime/types';
import type { Db } from '../../platform/db/client';
import type { Logger } from '../../platform/core/logger';
import { loadScreenDevice, roomsSnapshot, type ScreenDeviceState } from './screen-state';
import { queueDay } from './day';
import type { Fanout } from '../../platform/realtime/fanout';
import { QUEUE_CHANNEL, type QueueEvent } from '../../platform/realtime/queue-events';
import { startTrace } from './call-trace';
import { deliverRoomEvent, sendToDevices, type DeviceEntry, type Screen } from './screen-fanout';

export type { ScreenHub };

export interface ScreenHubOptions {
  db: Db;
  log: Logger;
  fanout: Fanout;
  now?: () => Date;
  keepaliveMs?: number;
}

/** SHA-256 hex of a device key: what the database keeps. */
export const hashCallDeviceKey = (key: string) => createHash('sha256').update(key, 'utf8').digest('hex');

/** Compares the key's hash with the stored one in constant time (both are 64 hex characters). */
export function callDeviceKeyMatches(key: string, storedHash: string): boolean {
  if (!storedHash) return false;
  const a = Buffer.from(hashCallDeviceKey(key), 'hex');
  const b = Buffer.from(storedHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

function refuse(socket: Duplex, status: string) {
  socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

/** Pings every socket each period and ends the ones that did not answer the last ping. */
function keepAlive(wss: WebSocketServer, alive: WeakMap<WebSocket, boolean>, periodMs: number) {
  const timer = setInterval(() => {
    for (const ws of wss.clients) {
      if (alive.get(ws) === false) {
        ws.terminate();
        continue;
      }
      alive.set(ws, false);
      ws.ping();
    }
  }, periodMs);
  timer.unref();
  return timer;
}

/** What a screen's message asks for: a pong, or the device's settings again; nothing for what is not one. */
function answerOf(text: string, current: ScreenDeviceState): ScreenServerMessage | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  const m = ScreenClientMessageSchema.safeParse(parsed);
  if (!m.success) return null;
  return m.data.type === 'ping' ? { type: 'pong' } : current.update;
}

export function createScreenHub(o: ScreenHubOptions): ScreenHub {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 1024 });
  const devices = new Map<number, DeviceEntry>();
  const alive = new WeakMap<WebSocket, boolean>();
  const now = o.now ?? (() => new Date());

  const send = (ws: WebSocket, m: ScreenServerMessage) => {
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(m));
  };
  const sendAll = (entry: DeviceEntry, m: ScreenServerMessage) => sendToDevices([entry], m);
  const roomsOf = async (state: ScreenDeviceState): Promise<ScreenServerMessage> => ({
    type: 'rooms',
    rooms: await roomsSnapshot(
      o.db,
      state.hospital_code,
      state.update.rooms,
      queueDay(now()),
      state.update.device.settings.new_message_count,
    ),
  });

  startTrace();
  const heartbeat = keepAlive(wss, alive, o.keepaliveMs ?? WS_KEEPALIVE_MS);

  async function refreshDevice(pk: number) {
    const entry = devices.get(pk);
    if (!entry) return;
    const state = await loadScreenDevice(o.db, pk);
    const closeAll = (code: number, why: string) => {
      for (const s of entry.screens) s.ws.close(code, why);
      devices.delete(pk);
    };
    if (!state) return closeAll(SCREEN_CLOSE.gone, 'device deleted');
    if (state.status !== 1) return closeAll(SCREEN_CLOSE.disabled, 'device disabled');
    for (const s of [...entry.screens]) {
      if (s.keyHash !== state.key_hash) {
        entry.screens.delete(s);
        s.ws.close(SCREEN_CLOSE.replaced, 'key replaced');
      }
    }
    entry.state = state;
    if (!entry.screens.size) return void devices.delete(pk);
    sendAll(entry, state.update);
    sendAll(entry, await roomsOf(state));
  }

  const onEvent = (ev: QueueEvent) =>
    ev.kind === 'device' ? refreshDevice(ev.device_pk) : deliverRoomEvent(o.db, devices, ev, () => queueDay(now()));
  const unsubscribe = o.fanout.subscribe(QUEUE_CHANNEL, (m) => {
    onEvent(m as QueueEvent).catch((err: unknown) =>
      o.log.warn({ err: (err as Error).message }, 'screens: event not delivered'),
    );
  });

  async function accept(req: IncomingMessage, socket: Duplex, head: Buffer) {
    const url = new URL(req.url ?? '/', 'http://x');
    const pkText = url.pathname.slice(SCREEN_SOCKET_PREFIX.length);
    const key = url.searchParams.get('key') ?? '';
    if (!/^[1-9]\d{0,8}$/.test(pkText)) return refuse(socket, '404 Not Found');
    if (!key) return refuse(socket, '401 Unauthorized');
    const state = await loadScreenDevice(o.db, Number(pkText));
    if (!state) return refuse(socket, '404 Not Found');
    if (!callDeviceKeyMatches(key, state.key_hash)) return refuse(socket, '401 Unauthorized');
    if (state.status !== 1) return refuse(socket, '403 Forbidden');
    wss.handleUpgrade(req, socket, head, (ws) => {
      let entry = devices.get(state.pk);
      if (!entry) devices.set(state.pk, (entry = { state, screens: new Set() }));
      else entry.state = state;
      const screen: Screen = { ws, keyHash: state.key_hash };
      entry.screens.add(screen);
      alive.set(ws, true);
      ws.on('pong', () => alive.set(ws, true));
      ws.on('error', () => ws.terminate());
      ws.once('close', () => {
        const e = devices.get(state.pk);
        e?.screens.delete(screen);
        if (e && !e.screens.size) devices.delete(state.pk);
      });
      ws.on('message', (data) => {
        const reply = answerOf(String(data), devices.get(state.pk)?.state ?? state);
        if (reply) send(ws, reply);
      });
      send(ws, state.update);
      roomsOf(state).then(
        (m) => send(ws, m),
        (err: unknown) => o.log.warn({ err: (err as Error).message }, 'screens: rooms not sent'),
      );
    });
  }

  return {
    handleUpgrade(req, socket, head) {
      accept(req, socket, head).catch((err: unknown) => {
        o.log.warn({ err: (err as Error).message }, 'screens: upgrade failed');
        refuse(socket, '503 Service Unavailable');
      });
    },
    connections: (pk) => devices.get(pk)?.screens.size ?? 0,
    async close() {
      unsubscribe();
      clearInterval(heartbeat);
      for (const ws of wss.clients) ws.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
