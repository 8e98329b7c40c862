import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestPlatform } from '../../tests/support/use-test-platform';

/**
 * Bodies as a real HTTP server gets them (the other API tests call app.request, where a body has no
 * content-length and no chunking): the size limit by content-length and by counting a chunked body, and a
 * JSON body read once by the input guard and again by the route's validator.
 */
const t = useTestPlatform({ users: ['admin'] });
let server: ReturnType<typeof serve>;
let port = 0;
beforeAll(async () => {
  server = serve({ fetch: t.p.app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((r) => server.once('listening', r));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

/** POSTs `chunks` to the worklist, with a content-length unless `chunked`. */
function post(chunks: string[], o: { chunked?: boolean } = {}) {
  const body = Buffer.from(chunks.join(''));
  return new Promise<{ status: number; body: Record<string, unknown> }>((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        agent: false, // a connection of its own: a refused body leaves its connection unusable
        path: '/api/order/OrderList',
        headers: {
          authorization: `Bearer ${t.token('admin')}`,
          'content-type': 'application/json',
          'accept-language': 'en-US',
          ...(o.chunked ? {} : { 'content-length': String(body.length) }),
        },
      },
      (res) => {
        const got: Buffer[] = [];
        res.on('data', (b: Buffer) => got.push(b));
        res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(Buffer.concat(got).toString()) }));
      },
    );
    req.on('error', reject);
    if (o.chunked) for (const c of chunks) req.write(c);
    else req.write(body);
    req.end();
  });
}

describe('request bodies over HTTP', () => {
  const huge = () => [`{"patient_name":"`, ...Array.from({ length: 40 }, () => 'x'.repeat(64 * 1024)), `"}`];

  it('refuses a body over the limit by its content-length, with the envelope', async () => {
    const r = await post(huge());
    expect(r.status).toBe(413);
    expect(r.body).toMatchObject({ success: false, error: 'PAYLOAD_TOO_LARGE' });
  });

  it('refuses a chunked body once it has grown over the limit', async () => {
    const r = await post(huge(), { chunked: true });
    expect(r.status).toBe(413);
    expect(r.body).toMatchObject({ success: false, error: 'PAYLOAD_TOO_LARGE' });
  });

  it('reads a JSON body for the input guard and the validator alike, sent whole or chunked', async () => {
    for (const chunked of [false, true]) {
      const ok = await post(['{"pageNumber":1,', '"pageSize":10}'], { chunked });
      expect(ok.status).toBe(200);
      expect(ok.body).toMatchObject({ success: true });
      const invalid = await post(['{"pageSize":"x"}'], { chunked });
      expect(invalid.status).toBe(400);
      expect(invalid.body).toMatchObject({ success: false, error: 'VALIDATION' });
      const badText = await post(['{"patient_name":"a\\u0000b"}'], { chunked });
      expect(badText.status).toBe(400);
    }
  });
});
