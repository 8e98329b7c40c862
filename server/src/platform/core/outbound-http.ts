import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { literalOf, type OutboundPolicy } from './outbound';

export interface OutboundRequest {
  method: 'GET' | 'POST' | 'PUT';
  headers?: Record<string, string>;
  body?: string;
  timeoutMs: number;
  /** Longest answer kept; a longer one fails the request (`EANSWERTOOLARGE`). 0: the body is discarded. */
  maxBytes: number;
}

export interface OutboundResponse {
  status: number;
  statusText: string;
  body: Buffer;
}

/** A request that failed before an answer: `code` like ECONNREFUSED, ETIMEDOUT for our own time limit. */
export class OutboundHttpError extends Error {
  constructor(readonly code: string) {
    super(`request failed (${code})`);
  }
}

/** net's lookup hook answering only the address the policy checked, so the socket cannot go elsewhere. */
const pinned =
  (address: string): LookupFunction =>
  (_host, options, callback) => {
    const family = address.includes(':') ? 6 : 4;
    if (options.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };

/**
 * One HTTP(S) request to an address an administrator configured: the host goes through the outbound policy
 * (OutboundRefused / OutboundUnresolved propagate), the connection is made to the checked address while the
 * Host header and TLS name stay the URL's. Redirects are not followed: a 3xx is the answer.
 */
export async function outboundRequest(policy: OutboundPolicy, url: URL, o: OutboundRequest): Promise<OutboundResponse> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new OutboundHttpError('EPROTOCOL');
  const [address] = await policy.resolve(url.hostname);
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(url, {
      method: o.method,
      headers: o.headers,
      lookup: pinned(address!),
      agent: false,
      // A literal host skips lookup: connect to the checked form of it.
      ...(literalOf(url.hostname) ? { hostname: address } : {}),
    });
    const timer = setTimeout(() => req.destroy(new OutboundHttpError('ETIMEDOUT')), o.timeoutMs);
    const fail = (err: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      reject(err instanceof OutboundHttpError ? err : new OutboundHttpError(err.code ?? 'ERROR'));
    };
    req.on('error', fail);
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (c: Buffer) => {
        size += c.length;
        if (size > o.maxBytes) {
          if (o.maxBytes > 0) req.destroy(new OutboundHttpError('EANSWERTOOLARGE'));
          return;
        }
        chunks.push(c);
      });
      res.on('end', () => {
        clearTimeout(timer);
        resolve({ status: res.statusCode ?? 0, statusText: res.statusMessage ?? '', body: Buffer.concat(chunks) });
      });
      res.on('error', fail);
    });
    req.end(o.body);
  });
}
