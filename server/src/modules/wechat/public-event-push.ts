import { createHash, timingSafeEqual } from 'node:crypto';

/** The platform's push signature: sha1 of token, timestamp and nonce sorted and joined. */
export function pushSignature(token: string, timestamp: string, nonce: string): string {
  return createHash('sha1').update([token, timestamp, nonce].sort().join('')).digest('hex');
}

/** Pushes older (or newer) than this are refused, so a captured push cannot be replayed later. */
export const PUSH_MAX_SKEW_S = 300;

export function signatureValid(
  token: string,
  q: { signature?: string; timestamp?: string; nonce?: string },
  nowMs: number,
): boolean {
  if (!token || !q.signature || !q.timestamp || !q.nonce) return false;
  const ts = Number(q.timestamp);
  if (!Number.isInteger(ts) || Math.abs(nowMs / 1000 - ts) > PUSH_MAX_SKEW_S) return false;
  const want = Buffer.from(pushSignature(token, q.timestamp, q.nonce));
  const got = Buffer.from(q.signature.toLowerCase());
  return want.length === got.length && timingSafeEqual(want, got);
}

/** The flat XML of a push (`<xml><Tag><![CDATA[v]]></Tag>...</xml>`): top-level text fields only. */
export function parsePushXml(xml: string): Record<string, string> {
  const out: Record<string, string> = {};
  const body = /<xml>([\s\S]*)<\/xml>/.exec(xml)?.[1] ?? '';
  for (const m of body.matchAll(/<([A-Za-z][\w]*)>(?:<!\[CDATA\[([\s\S]*?)\]\]>|([^<]*))<\/\1>/g)) {
    const [, tag, cdata, plain] = m;
    if (tag) out[tag] = cdata ?? decodeEntities(plain ?? '');
  }
  return out;
}

function decodeEntities(s: string): string {
  return s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

/** What a push asks of us: a binding scan (scene), an unfollow, or nothing we act on. */
export type PushEvent =
  { kind: 'scan'; openId: string; scene: string } | { kind: 'unsubscribe'; openId: string } | { kind: 'other' };

export function pushEvent(f: Record<string, string>): PushEvent {
  const openId = f.FromUserName ?? '';
  if (f.MsgType !== 'event' || !openId) return { kind: 'other' };
  const event = (f.Event ?? '').toLowerCase();
  const key = f.EventKey ?? '';
  if (event === 'subscribe' && key.startsWith('qrscene_')) return { kind: 'scan', openId, scene: key.slice(8) };
  if (event === 'scan' && key) return { kind: 'scan', openId, scene: key };
  if (event === 'unsubscribe') return { kind: 'unsubscribe', openId };
  return { kind: 'other' };
}
