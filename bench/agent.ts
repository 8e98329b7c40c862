/**
 * Workstation agent latency against a real SoftHSM2 token: time from a token appearing to the
 * `key-inserted` event on /events (and from removal to `key-removed`), with the agent polling as configured,
 * and POST /keys/sign latency for RSA 2048 (RS256) and EC P-256 (ES256), p50/p95.
 *
 *   npm run bench:agent
 *   npm run bench:agent -- --tokens 10 --signs 200 --poll 500
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import WebSocket from 'ws';
import type { AgentServerMessage } from '../shared/src/agent/events';
import { startTestAgent } from '../tests/fixtures/agent';
import { createSoftHsm } from '../tests/fixtures/softhsm';
import { latencyLine } from './lib/harness';

const { values: args } = parseArgs({
  options: {
    tokens: { type: 'string', default: '10' },
    signs: { type: 'string', default: '200' },
    poll: { type: 'string', default: '500' },
  },
});
const TOKENS = Number(args.tokens);
const SIGNS = Number(args.signs);
const POLL_MS = Number(args.poll);
const ORIGIN = 'http://localhost:8080';

async function main() {
  const hsm = await createSoftHsm();
  const agent = await startTestAgent({
    softhsmConf: hsm.conf,
    config: { allowedOrigins: [ORIGIN], pkcs11: { module: hsm.module, pollMs: POLL_MS } },
  });
  const ws = new WebSocket(`ws://127.0.0.1:${agent.port}/events`, { headers: { origin: ORIGIN } });
  const seen = new Map<string, number>();
  const waiters = new Map<string, () => void>();
  ws.on('message', (data) => {
    const at = performance.now();
    const m = JSON.parse(String(data)) as AgentServerMessage;
    const key = m.type === 'key-inserted' ? `in:${m.key.label}` : m.type === 'key-removed' ? `out:${m.serial}` : '';
    if (!key) return;
    seen.set(key, at);
    waiters.get(key)?.();
  });
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  const event = (key: string) =>
    seen.has(key)
      ? Promise.resolve(seen.get(key)!)
      : new Promise<number>((r) => waiters.set(key, () => r(seen.get(key)!)));

  try {
    const inserted: number[] = [];
    const removed: number[] = [];
    for (let i = 0; i < TOKENS; i++) {
      const label = `BENCH-${i}`;
      const token = await hsm.createToken({ label, kind: i % 2 ? 'ec' : 'rsa' });
      const insertedEvent = event(`in:${label}`);
      inserted.push((await insertedEvent) - token.insertedAt);
      const keys = (await agent.call('/keys')).body.data as { label: string; serial: string }[];
      const mine = keys.find((k) => k.label === label)!.serial;
      // The insert event comes right after a poll: pull the key out at a random point of the poll cycle.
      await new Promise((r) => setTimeout(r, Math.random() * POLL_MS));
      const removedAt = await hsm.deleteToken(label);
      removed.push((await event(`out:${mine}`)) - removedAt);
    }

    const rsa = await hsm.createToken({ label: 'BENCH-RSA', kind: 'rsa', id: '01' });
    const ec = await hsm.createToken({ label: 'BENCH-EC', kind: 'ec', id: '02' });
    await event('in:BENCH-RSA');
    await event('in:BENCH-EC');
    const signLatency = async (certificateId: string, pin: string) => {
      const ms: number[] = [];
      for (let i = 0; i < SIGNS; i++) {
        const body = {
          challenge: randomBytes(32).toString('base64'),
          pin,
          origin: ORIGIN,
          certificate_id: certificateId,
        };
        const start = performance.now();
        const res = await agent.call('/keys/sign', { body });
        ms.push(performance.now() - start);
        if (!res.body.success) throw new Error(`sign failed: ${res.body.error}`);
      }
      return ms;
    };
    const rs256 = await signLatency(rsa.id, rsa.pin);
    const es256 = await signLatency(ec.id, ec.pin);

    console.log(`agent bench: ${TOKENS} tokens, ${SIGNS} signs per algorithm, slot poll every ${POLL_MS} ms`);
    console.log(latencyLine('insert → event', inserted));
    console.log(latencyLine('remove → event', removed));
    console.log(latencyLine('sign RS256', rs256));
    console.log(latencyLine('sign ES256', es256));
  } finally {
    ws.close();
    await agent.stop();
    await hsm.cleanup();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
