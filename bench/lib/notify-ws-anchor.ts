/**
 * bench:queue's anchor: a bare NOTIFY → WebSocket relay, run as a child process like a server. It LISTENs on
 * one channel of DATABASE_URL and sends each notification's payload, as it came, to every socket connected
 * to it; nothing else (no sign-in, no database query, no parsing). Logs `{"port":…,"msg":"listening"}` once ready.
 */
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { WebSocketServer } from 'ws';
import { ANCHOR_CHANNEL } from './queue-trace';

const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
await client.connect();
await client.query(`LISTEN ${ANCHOR_CHANNEL}`);
const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
client.on('notification', (n) => {
  for (const ws of wss.clients) ws.send(n.payload ?? '');
});
wss.on('listening', () => {
  const { port } = wss.address() as AddressInfo;
  console.log(JSON.stringify({ port, msg: 'listening' }));
});
