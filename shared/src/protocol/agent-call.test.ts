import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AgentCallError, agentCallFor, fetchAgent, parseParams } from './agent-call';
import { viewerLink } from './viewer-link';

describe('agentCallFor', () => {
  it('adds the given origin to signing, whatever the parameters hold', () => {
    const call = agentCallFor('sign', { challenge: 'c', pin: '1', certificate_id: 'x' }, 'http://127.0.0.1:9');
    expect(call).toEqual({
      method: 'POST',
      path: '/keys/sign',
      body: { challenge: 'c', pin: '1', certificate_id: 'x', origin: 'http://127.0.0.1:9' },
    });
  });

  it('sends a report document to /keys/signReport as it is, and refuses an origin in its parameters', () => {
    const params = { document: '{"context":"rxpacs report signature v1"}', pin: '123456', certificate_id: '0a' };
    expect(agentCallFor('signReport', params, 'http://127.0.0.1:9')).toEqual({
      method: 'POST',
      path: '/keys/signReport',
      body: params,
    });
    expect(parseParams('signReport', { ...params, origin: 'https://evil.example' }).ok).toBe(false);
  });

  it('maps the viewer actions to /openDicom with the study as a query value', () => {
    expect(agentCallFor('openStudy', { study_iuid: '1.2' }, 'o').path).toBe('/openDicom?type=openImage&study_iuid=1.2');
    expect(agentCallFor('closeStudy', { study_iuid: '1.2' }, 'o').path).toBe(
      '/openDicom?type=closeImage&study_iuid=1.2',
    );
  });

  it('names the bad field of invalid parameters', () => {
    const r = parseParams('openStudy', { study_iuid: 'x;y' });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatchObject({ id: 'BAD_REQUEST', msg: expect.stringContaining('study_iuid') });
  });
});

describe('fetchAgent against a local HTTP listener', () => {
  let server: Server;
  let base = '';
  const seen: { method?: string; url?: string; body: string; lang?: string }[] = [];
  const read = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let s = '';
      req.on('data', (c: Buffer) => (s += c.toString()));
      req.on('end', () => resolve(s));
    });

  beforeAll(async () => {
    server = createServer((req, res) => {
      void read(req).then((body) => {
        seen.push({ method: req.method, url: req.url, body, lang: req.headers['accept-language'] });
        res.setHeader('Content-Type', 'application/json');
        if (req.url === '/keys/sign') {
          res.statusCode = 400;
          res.end(
            JSON.stringify({
              success: false,
              msg: 'PIN 错误',
              code: 400,
              error: 'PIN_INCORRECT',
              data: { triesLeft: 2 },
            }),
          );
        } else if (req.url === '/not-json') {
          res.end('hello');
        } else {
          res.end(JSON.stringify({ success: true, msg: '', code: 200, data: [{ name: 'P1' }] }));
        }
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('unwraps a success envelope and sends JSON bodies and the language', async () => {
    const data = await fetchAgent(
      { method: 'POST', path: '/print/raw', body: { data: '^XA^XZ' } },
      {
        baseUrl: base,
        timeoutMs: 5000,
        language: 'en-US',
      },
    );
    expect(data).toEqual([{ name: 'P1' }]);
    expect(seen.at(-1)).toEqual({ method: 'POST', url: '/print/raw', body: '{"data":"^XA^XZ"}', lang: 'en-US' });
  });

  it('keeps the agent error id, message and data of a failure', async () => {
    const e = await fetchAgent(
      { method: 'POST', path: '/keys/sign', body: {} },
      { baseUrl: base, timeoutMs: 5000 },
    ).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(AgentCallError);
    expect((e as AgentCallError).failure).toEqual({ id: 'PIN_INCORRECT', msg: 'PIN 错误', data: { triesLeft: 2 } });
  });

  it('calls an answer that is not the envelope, and a closed port, AGENT_DOWN', async () => {
    const notJson = await fetchAgent({ method: 'GET', path: '/not-json' }, { baseUrl: base, timeoutMs: 5000 }).catch(
      (x: AgentCallError) => x.failure.id,
    );
    expect(notJson).toBe('AGENT_DOWN');
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    const down = await fetchAgent(
      { method: 'GET', path: '/keys' },
      { baseUrl: `http://127.0.0.1:${port}`, timeoutMs: 5000 },
    ).catch((x: AgentCallError) => x.failure.id);
    expect(down).toBe('AGENT_DOWN');
  });
});

describe('viewerLink', () => {
  it('builds the custom-protocol link with the study as a query value', () => {
    expect(viewerLink('1.2.3')).toBe('rxpacs://openImage?study_iuid=1.2.3');
    expect(viewerLink('1.2.3', 'closeImage', 'myviewer')).toBe('myviewer://closeImage?study_iuid=1.2.3');
  });
});
