import net from 'node:net';
import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { rawRequest, startTestAgent, type TestAgent } from '../../../tests/fixtures/agent';

const WEB = 'http://localhost:8080';
const EXTENSION_ID = 'abcdefghijklmnopabcdefghijklmnop';

let agent: TestAgent;
beforeAll(async () => {
  agent = await startTestAgent({
    config: { allowedOrigins: [WEB], allowedExtensionIds: [EXTENSION_ID], pkcs11: { module: '' } },
  });
});
afterAll(() => agent.stop());

function openSocket(headers: Record<string, string>): Promise<{ opened: boolean; status?: number }> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`ws://127.0.0.1:${agent.port}/events`, { headers });
    ws.on('open', () => {
      ws.close();
      resolve({ opened: true });
    });
    ws.on('unexpected-response', (_req, res) => resolve({ opened: false, status: res.statusCode }));
    ws.on('error', () => resolve({ opened: false }));
  });
}

describe('who may call the agent', () => {
  it('refuses a foreign Origin, a missing Origin and a rebinding Host with a 403 envelope', async () => {
    const foreign = await agent.call('/printers', { origin: 'http://evil.example' });
    expect(foreign.status).toBe(403);
    expect(foreign.body).toMatchObject({ success: false, code: 403, error: 'FORBIDDEN_ORIGIN' });

    const missing = await agent.call('/keys', { origin: null });
    expect(missing.body.error).toBe('FORBIDDEN_ORIGIN');

    const rebound = await agent.call('/printers', { host: `evil.example:${agent.port}` });
    expect(rebound.status).toBe(403);
    expect(rebound.body.error).toBe('FORBIDDEN_HOST');

    const otherPort = await agent.call('/printers', { host: `127.0.0.1:${agent.port + 1}` });
    expect(otherPort.body.error).toBe('FORBIDDEN_HOST');
  });

  it('answers an allowed web origin and an allowed extension, with CORS only for them', async () => {
    const web = await rawRequest(agent.port, '/viewer/link?study_iuid=1.2.3', 'GET', {
      origin: WEB,
      host: `localhost:${agent.port}`,
    });
    expect(web.status).toBe(200);
    expect(web.headers['access-control-allow-origin']).toBe(WEB);

    const extension = await agent.call('/viewer/link?study_iuid=1.2.3', {
      origin: `chrome-extension://${EXTENSION_ID}`,
    });
    expect(extension.status).toBe(200);

    const other = await rawRequest(agent.port, '/health', 'GET', { origin: 'http://evil.example' });
    expect(other.status).toBe(200);
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('puts CORS headers on error answers too, so the page can read the error', async () => {
    const failed = await rawRequest(agent.port, '/keys', 'GET', { origin: WEB });
    expect(failed.status).toBe(503);
    expect(failed.headers['access-control-allow-origin']).toBe(WEB);
    const invalid = await rawRequest(agent.port, '/openDicom?type=x', 'GET', { origin: WEB });
    expect(invalid.status).toBe(400);
    expect(invalid.headers['access-control-allow-origin']).toBe(WEB);
  });

  it('answers the CORS and Private Network Access preflight for allowed origins only', async () => {
    const headers = {
      'access-control-request-method': 'POST',
      'access-control-request-private-network': 'true',
    };
    const allowed = await rawRequest(agent.port, '/keys/sign', 'OPTIONS', { ...headers, origin: WEB });
    expect(allowed.status).toBe(204);
    expect(allowed.headers['access-control-allow-private-network']).toBe('true');
    const refused = await rawRequest(agent.port, '/keys/sign', 'OPTIONS', {
      ...headers,
      origin: 'http://evil.example',
    });
    expect(refused.status).toBe(403);
    expect(refused.headers['access-control-allow-private-network']).toBeUndefined();
  });

  it('lets any local caller read /health, which carries no data', async () => {
    const res = await agent.call('/health', { origin: null });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ name: 'rxpacs-agent', capabilities: { pkcs11: false } });
  });

  it('applies the same rules to the WebSocket upgrade', async () => {
    expect(await openSocket({ origin: 'http://evil.example' })).toEqual({ opened: false, status: 403 });
    expect(await openSocket({})).toEqual({ opened: false, status: 403 });
    expect(await openSocket({ origin: WEB, host: `evil.example:${agent.port}` })).toEqual({
      opened: false,
      status: 403,
    });
    // A Host no URL can hold: refused like any other foreign Host, not a server error.
    expect(await openSocket({ origin: WEB, host: `127.0.0.1:${agent.port}.evil.example` })).toEqual({
      opened: false,
      status: 403,
    });
    expect(await openSocket({ origin: WEB })).toEqual({ opened: true });
  });

  it('drops a WebSocket peer that stops answering pings', async () => {
    const quick = await startTestAgent({ config: { pkcs11: { module: '' } }, wsPingMs: 50 });
    try {
      // A raw socket completes the handshake and then never answers: the agent must close it.
      const socket = net.connect({ host: '127.0.0.1', port: quick.port });
      await new Promise((resolve) => socket.once('connect', resolve));
      socket.write(
        [
          'GET /events HTTP/1.1',
          `Host: 127.0.0.1:${quick.port}`,
          'Origin: http://localhost:8080',
          'Upgrade: websocket',
          'Connection: Upgrade',
          'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==',
          'Sec-WebSocket-Version: 13',
          '',
          '',
        ].join('\r\n'),
      );
      let received = '';
      socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
      await new Promise((resolve) => socket.once('close', resolve));
      expect(received).toContain('101 Switching Protocols');
      expect(received).toContain('"type":"hello"');
    } finally {
      await quick.stop();
    }
  });

  it('listens on 127.0.0.1 only', async () => {
    const external = Object.values(os.networkInterfaces())
      .flat()
      .filter((i) => i && i.family === 'IPv4' && !i.internal)
      .map((i) => i!.address);
    for (const address of [...external, '127.0.0.2']) {
      const reached = await new Promise<boolean>((resolve) => {
        const socket = net.connect({ host: address, port: agent.port }, () => {
          socket.destroy();
          resolve(true);
        });
        socket.on('error', () => resolve(false));
      });
      expect(reached, address).toBe(false);
    }
  });
});

describe('bad input', () => {
  it('answers unknown routes 404, malformed JSON 400 and oversized bodies 413, each as the envelope', async () => {
    const missing = await agent.call('/nope');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ success: false, error: 'NOT_FOUND', code: 404 });

    const malformed = await agent.call('/speak', { body: '{"text": ' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error).toBe('BAD_REQUEST');

    const big = await agent.call('/speak', { body: { text: 'x'.repeat(400 * 1024) } });
    expect(big.status).toBe(413);
    expect(big.body.error).toBe('TOO_LARGE');

    const invalid = await agent.call('/speak', { body: { text: '', times: 11 } });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error).toBe('VALIDATION');
  });

  it('speaks the caller’s language, zh-CN by default', async () => {
    const zh = await agent.call('/nope', { lang: '' });
    expect(zh.body.msg).toBe('接口不存在');
    const en = await agent.call('/nope', { lang: 'en-US,en;q=0.9' });
    expect(en.body.msg).toBe('No such endpoint');
  });
});
