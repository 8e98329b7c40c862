import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * The reference nginx (deploy/nginx/rxpacs-web.conf) keeps upstream connections alive. It must drop an idle one
 * before the server does: else a request can leave on a connection the server is closing at that moment, and a POST
 * (a report's save) that meets the reset is not retried by nginx (non-idempotent): the user gets a 502. The server
 * is @hono/node-server's `serve`, which takes Node's http.createServer defaults (main.ts sets no keep-alive timeout).
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const conf = readFileSync(path.join(root, 'deploy/nginx/rxpacs-web.conf'), 'utf8');

describe('the reference nginx against the server keep-alive', () => {
  it('closes an idle upstream connection before the server would', () => {
    const upstream = /upstream rxpacs \{([^}]*)\}/.exec(conf)?.[1] ?? '';
    expect(upstream, 'upstream connections kept alive').toMatch(/^\s*keepalive \d+;/m);
    const timeout = /^\s*keepalive_timeout (\d+)s;/m.exec(upstream);
    expect(timeout, 'keepalive_timeout in the upstream block').not.toBeNull();
    const server = createServer();
    expect(Number(timeout![1]) * 1000).toBeLessThan(server.keepAliveTimeout);
  });
});
