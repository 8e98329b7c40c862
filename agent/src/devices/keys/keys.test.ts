import { randomBytes, verify, X509Certificate } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { KeyToken, SignResult } from '@shared/agent/api';
import type { AgentServerMessage } from '@shared/agent/events';
import { signedPayload } from '@shared/agent/payload';
import { startTestAgent, type TestAgent } from '../../../../tests/fixtures/agent';
import { createSoftHsm, type SoftHsm, type SoftToken } from '../../../../tests/fixtures/softhsm';

const WEB = 'http://localhost:8080';
const OTHER_WEB = 'https://pacs.example.org';
const EXTENSION = 'chrome-extension://abcdefghijklmnopabcdefghijklmnop';

let hsm: SoftHsm;
let agent: TestAgent;
let rsa: SoftToken;
let ec: SoftToken;
const logLines: string[] = [];

const challenge = () => randomBytes(32).toString('base64');

beforeAll(async () => {
  hsm = await createSoftHsm();
  rsa = await hsm.createToken({ label: 'RX-RSA', kind: 'rsa', pin: '246810', id: '01' });
  ec = await hsm.createToken({ label: 'RX-EC', kind: 'ec', pin: '135790', id: 'a1b2' });
  agent = await startTestAgent({
    softhsmConf: hsm.conf,
    config: {
      allowedOrigins: [WEB, OTHER_WEB],
      allowedExtensionIds: ['abcdefghijklmnopabcdefghijklmnop'],
      pkcs11: { module: hsm.module, pollMs: 200 },
    },
    logLevel: 'debug',
    logDestination: { write: (line) => void logLines.push(line) },
  });
});
afterAll(async () => {
  await agent?.stop();
  await hsm?.cleanup();
});

async function sign(body: Record<string, unknown>, origin = WEB) {
  return agent.call('/keys/sign', { body, origin });
}

function verifies(origin: string, text: string, result: SignResult) {
  return signedPayload(origin, text).then((payload) => {
    const cert = new X509Certificate(Buffer.from(result.certificate, 'base64'));
    return verify(
      'sha256',
      payload,
      { key: cert.publicKey, dsaEncoding: 'ieee-p1363' },
      Buffer.from(result.signature, 'base64'),
    );
  });
}

/** A WebSocket client of /events that keeps every message and waits for the one a test needs. */
async function events() {
  const ws = new WebSocket(`ws://127.0.0.1:${agent.port}/events`, { headers: { origin: WEB } });
  const messages: AgentServerMessage[] = [];
  const waiters: (() => void)[] = [];
  ws.on('message', (data) => {
    messages.push(JSON.parse(String(data)) as AgentServerMessage);
    waiters.splice(0).forEach((w) => w());
  });
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  const next = async <T extends AgentServerMessage['type']>(
    type: T,
    match: (m: Extract<AgentServerMessage, { type: T }>) => boolean = () => true,
  ): Promise<Extract<AgentServerMessage, { type: T }>> => {
    for (;;) {
      const found = messages.find(
        (m): m is Extract<AgentServerMessage, { type: T }> => m.type === type && match(m as never),
      );
      if (found) {
        messages.splice(messages.indexOf(found), 1);
        return found;
      }
      await new Promise<void>((resolve) => waiters.push(resolve));
    }
  };
  return { ws, next };
}

describe('GET /keys', () => {
  it('lists the tokens present with their certificates', async () => {
    const res = await agent.call('/keys');
    expect(res.status).toBe(200);
    const keys = res.body.data as KeyToken[];
    const byLabel = Object.fromEntries(keys.map((k) => [k.label, k]));
    expect(Object.keys(byLabel).sort()).toEqual(['RX-EC', 'RX-RSA']);
    const cert = byLabel['RX-RSA']!.certificates[0]!;
    expect(cert).toMatchObject({ id: '01', subject: 'CN=RX-RSA' });
    expect(Buffer.from(cert.der, 'base64').equals(rsa.certificateDer)).toBe(true);
    expect(new Date(cert.notAfter).getTime()).toBeGreaterThan(Date.now());
    expect(byLabel['RX-EC']!.certificates[0]!.id).toBe('a1b2');
    expect(byLabel['RX-RSA']!.serial).toMatch(/^\w+$/);
  });
});

describe('POST /keys/sign', () => {
  it('signs SHA-256(origin) || SHA-256(challenge) with an RSA key as RS256', async () => {
    const text = challenge();
    const res = await sign({ challenge: text, pin: rsa.pin, origin: WEB, certificate_id: '01' });
    expect(res.status).toBe(200);
    const result = res.body.data as SignResult;
    expect(result.algorithm).toBe('RS256');
    expect(Buffer.from(result.certificate, 'base64').equals(rsa.certificateDer)).toBe(true);
    expect(await verifies(WEB, text, result)).toBe(true);
    expect(await verifies(OTHER_WEB, text, result)).toBe(false);
  });

  it('signs with an EC P-256 key as ES256 (r||s)', async () => {
    const text = challenge();
    const res = await sign({ challenge: text, pin: ec.pin, origin: WEB, certificate_id: 'A1B2' });
    const result = res.body.data as SignResult;
    expect(result.algorithm).toBe('ES256');
    expect(Buffer.from(result.signature, 'base64')).toHaveLength(64);
    expect(await verifies(WEB, text, result)).toBe(true);
  });

  it('answers a wrong PIN with the tries left, and never logs the PIN', async () => {
    const res = await sign({ challenge: challenge(), pin: '999999', origin: WEB, certificate_id: '01' });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ error: 'PIN_INCORRECT', data: { triesLeft: null } });
    const logs = logLines.join('');
    expect(logs).toContain('/keys/sign');
    expect(logs).not.toContain('999999');
    expect(logs).not.toContain(rsa.pin);
  });

  it('signs only challenges of the login format', async () => {
    const bad = [
      'hello world',
      randomBytes(16).toString('base64'),
      `${'A'.repeat(41)}==`.padEnd(44, 'A'), // 44 chars that do not end on a base64 boundary
      'A'.repeat(42) + '==', // 44 characters decoding to only 31 bytes
      randomBytes(32).toString('base64url'),
      randomBytes(120).toString('base64'),
    ];
    for (const text of bad) {
      const res = await sign({ challenge: text, pin: rsa.pin, origin: WEB, certificate_id: '01' });
      expect(res.body.error, text).toBe('CHALLENGE_FORMAT');
    }
  });

  it('binds a page to its own origin and lets the extension name any allowed origin, nothing else', async () => {
    const base = { challenge: challenge(), pin: rsa.pin, certificate_id: '01' };
    expect((await sign({ ...base, origin: OTHER_WEB })).body.error).toBe('ORIGIN_NOT_ALLOWED');
    expect((await sign({ ...base, origin: 'https://evil.example' }, EXTENSION)).body.error).toBe('ORIGIN_NOT_ALLOWED');
    expect((await sign({ ...base, origin: EXTENSION }, EXTENSION)).body.error).toBe('ORIGIN_NOT_ALLOWED');
    const viaExtension = await sign({ ...base, origin: OTHER_WEB }, EXTENSION);
    expect(viaExtension.status).toBe(200);
    expect(await verifies(OTHER_WEB, base.challenge, viaExtension.body.data as SignResult)).toBe(true);
  });

  it('says so when no certificate has that id', async () => {
    const res = await sign({ challenge: challenge(), pin: rsa.pin, origin: WEB, certificate_id: 'ff' });
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('CERT_NOT_FOUND');
  });
});

describe('key events and a vanishing key', () => {
  it('greets with the keys present, then pushes insertion and removal', async () => {
    const { ws, next } = await events();
    const hello = await next('hello');
    expect(hello.keys.map((k) => k.label).sort()).toEqual(['RX-EC', 'RX-RSA']);

    await hsm.createToken({ label: 'RX-NEW', id: '05' });
    const inserted = await next('key-inserted', (m) => m.key.label === 'RX-NEW');
    expect(inserted.key.certificates[0]?.id).toBe('05');

    await hsm.deleteToken('RX-NEW');
    const removed = await next('key-removed', (m) => m.serial === inserted.key.serial);
    expect(removed.slot).toBe(inserted.key.slot);

    ws.send(JSON.stringify({ type: 'ping' }));
    await next('pong');
    ws.close();
  });

  it('answers an error when the key goes away while signing, and the next request works', async () => {
    await hsm.createToken({ label: 'RX-GONE', id: '0f', pin: '112233' });
    const racing = sign({ challenge: challenge(), pin: '112233', origin: WEB, certificate_id: '0f' });
    await hsm.deleteToken('RX-GONE');
    const first = await racing;
    expect(first.body.success || ['TOKEN_NOT_PRESENT', 'CERT_NOT_FOUND'].includes(first.body.error ?? '')).toBe(true);

    const after = await sign({ challenge: challenge(), pin: '112233', origin: WEB, certificate_id: '0f' });
    expect(after.body.error).toBe('CERT_NOT_FOUND');
    const text = challenge();
    const next = await sign({ challenge: text, pin: rsa.pin, origin: WEB, certificate_id: '01' });
    expect(await verifies(WEB, text, next.body.data as SignResult)).toBe(true);
  });
});

describe('a PKCS#11 module that fails to load', () => {
  it('answers PKCS11_UNAVAILABLE and leaves the other capabilities up', async () => {
    const broken = await startTestAgent({ config: { pkcs11: { module: '/nonexistent/libpkcs11.so' } } });
    try {
      expect((await broken.call('/health')).body.data).toMatchObject({ capabilities: { pkcs11: false } });
      const keys = await broken.call('/keys');
      expect(keys.status).toBe(503);
      expect(keys.body.error).toBe('PKCS11_UNAVAILABLE');
      expect((await broken.call('/viewer/link?study_iuid=1.2.3')).status).toBe(200);
      expect((await broken.call('/speak', { body: { text: '' } })).body.error).toBe('VALIDATION');
    } finally {
      await broken.stop();
    }
  });
});
