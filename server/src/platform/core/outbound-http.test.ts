import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutboundPolicy, OutboundRefused, type Lookup } from './outbound';
import { outboundRequest } from './outbound-http';

/** A local HTTP server; /redirect answers 302 to /elsewhere. */
const seen: { url: string; headers: IncomingHttpHeaders }[] = [];
let server: Server;
let port = 0;
beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push({ url: req.url ?? '', headers: req.headers });
    if (req.url === '/redirect') return void res.writeHead(302, { location: '/elsewhere' }).end();
    res.writeHead(200).end('answer');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

/** Names only this resolver knows: the real one would not find them. */
const lookups: string[] = [];
const fake: Lookup = async (host) => {
  lookups.push(host);
  if (host === 'ai.hospital.test') return ['127.0.0.1'];
  if (host === 'metadata.hospital.test') return ['169.254.169.254'];
  throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
};
const policy = createOutboundPolicy({ allow: '127.0.0.1/32', lookup: fake });
const get = (url: string) => outboundRequest(policy, new URL(url), { method: 'GET', timeoutMs: 5000, maxBytes: 1024 });

describe('outboundRequest', () => {
  it('connects to the address the policy resolved once, with the name in the Host header', async () => {
    lookups.length = 0;
    const r = await get(`http://ai.hospital.test:${port}/suggest`);
    expect([r.status, r.body.toString()]).toEqual([200, 'answer']);
    expect(seen.at(-1)).toMatchObject({ url: '/suggest', headers: { host: `ai.hospital.test:${port}` } });
    expect(lookups).toEqual(['ai.hospital.test']);
  });

  it('a name resolving to a refused address: OutboundRefused, no request', async () => {
    const before = seen.length;
    await expect(get(`http://metadata.hospital.test:${port}/`)).rejects.toBeInstanceOf(OutboundRefused);
    await expect(get(`http://0x7f000002:${port}/`)).rejects.toMatchObject({ reason: 'loopback' });
    expect(seen.length).toBe(before);
  });

  it('does not follow a redirect', async () => {
    const before = seen.length;
    const r = await get(`http://127.0.0.1:${port}/redirect`);
    expect(r.status).toBe(302);
    expect(seen.slice(before).map((s) => s.url)).toEqual(['/redirect']);
  });
});
