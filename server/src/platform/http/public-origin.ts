import type { TLSSocket } from 'node:tls';
import type { Context } from 'hono';
import type { AppEnv } from '../context';
import { normaliseAddress } from '../core/client-address';
import { viaTrustedProxy } from './client-meta';

type Incoming = { incoming?: { socket?: Partial<TLSSocket> } };

const firstValue = (v: string | undefined) => v?.split(',')[0]?.trim() ?? '';

/** scheme://host[:port] from a scheme and a Host value, or '' when they do not make an origin. */
function originFrom(scheme: string, host: string): string {
  if (!/^https?$/i.test(scheme) || !host) return '';
  try {
    const u = new URL(`${scheme.toLowerCase()}://${host}`);
    return u.host === host.toLowerCase() ? u.origin : '';
  } catch {
    return '';
  }
}

/**
 * The origin the browser is on, for what is compared with the page's own origin (certificate signatures,
 * the QR sign-in's callback, the Secure flag of cookies): PUBLIC_ORIGIN, else the request's Host and
 * scheme, where X-Forwarded-Host and X-Forwarded-Proto count only from a trusted proxy (TRUSTED_PROXIES).
 */
export function requestOrigin(c: Context<AppEnv>): string {
  const configured = c.var.deps.env.PUBLIC_ORIGIN;
  if (configured) return configured;
  const url = new URL(c.req.url);
  if (viaTrustedProxy(c)) {
    const scheme = firstValue(c.req.header('x-forwarded-proto')) || url.protocol.slice(0, -1);
    const forwarded = originFrom(scheme, firstValue(c.req.header('x-forwarded-host')) || url.host);
    if (forwarded) return forwarded;
  }
  return url.origin;
}

/**
 * The origin written into what others follow later (activation links in mails, the OAuth issuer): never
 * from a request header, which anybody can forge. PUBLIC_ORIGIN, else the address and port the request's
 * connection reached on this server (the address the client used; behind a proxy, set PUBLIC_ORIGIN).
 */
export function linkOrigin(c: Context<AppEnv>): string {
  const configured = c.var.deps.env.PUBLIC_ORIGIN;
  if (configured) return configured;
  const socket = (c.env as Incoming | undefined)?.incoming?.socket;
  if (!socket?.localAddress || !socket.localPort) return new URL(c.req.url).origin; // app.request(): no socket
  const address = normaliseAddress(socket.localAddress);
  const host = address.includes(':') ? `[${address}]` : address;
  return new URL(`${socket.encrypted ? 'https' : 'http'}://${host}:${socket.localPort}`).origin;
}
