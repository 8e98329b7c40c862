import WebSocket from 'ws';
import { screenSocketPath, type ScreenServerMessage } from '@shared/protocol/queue-screen';

/** A call screen's socket as the /screen page opens it, with each message and when it arrived. */
export interface ScreenPeer {
  ws: WebSocket;
  messages: { at: number; m: ScreenServerMessage; raw: string }[];
}

export function openScreen(base: string, pk: number, key: string): Promise<ScreenPeer> {
  const ws = new WebSocket(`${base.replace(/^http/, 'ws')}${screenSocketPath(pk)}?key=${encodeURIComponent(key)}`);
  const messages: ScreenPeer['messages'] = [];
  ws.on('message', (d) => {
    const raw = String(d);
    messages.push({ at: performance.now(), m: JSON.parse(raw) as ScreenServerMessage, raw });
  });
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve({ ws, messages }));
    ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    ws.once('error', reject);
  });
}

/** POST JSON to a running server as a signed-in user; answers `data` or throws with the message. */
export async function postAs<T>(base: string, token: string, path: string, json: unknown): Promise<T> {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(json),
  });
  const body = (await res.json()) as { success: boolean; msg: string; data: T };
  if (!res.ok || !body.success) throw new Error(`${path}: ${res.status} ${body.msg}`);
  return body.data;
}

export async function untilTrue(ok: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 5));
  }
}
