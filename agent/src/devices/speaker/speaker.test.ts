import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestAgent, type TestAgent } from '../../../../tests/fixtures/agent';
import { SerialQueue } from '../../lib/serial-queue';

const run = promisify(execFile);
const duration = async (wav: string) => Number((await run('sox', ['--i', '-D', wav])).stdout.trim());

let agent: TestAgent;
beforeAll(async () => {
  agent = await startTestAgent({ config: { pkcs11: { module: '' }, speech: { voice: 'cmn', rate: 0.6 } } });
});
afterAll(() => agent?.stop());

describe('POST /speak', () => {
  it('speaks a queue call in Mandarin with espeak-ng, repeated `times`', async () => {
    const res = await agent.call('/speak', { body: { text: '请 张三 到 1 号诊室就诊', times: 2 } });
    expect(res.status).toBe(200);
    const { files } = res.body.data as { files: string[] };
    expect(files).toHaveLength(2);
    for (const file of files) expect(await duration(file)).toBeGreaterThan(1);
  });

  it('speaks slower at a lower rate (default 0.6 from the config)', async () => {
    const text = '请 李四 到 2 号诊室';
    const slow = (await agent.call('/speak', { body: { text } })).body.data as { files: string[] };
    const fast = (await agent.call('/speak', { body: { text, rate: 1.5 } })).body.data as { files: string[] };
    expect(await duration(slow.files[0]!)).toBeGreaterThan(await duration(fast.files[0]!));
  });

  it('refuses empty text and out-of-range times and rate', async () => {
    for (const body of [{ text: '  ' }, { text: 'a', times: 0 }, { text: 'a', times: 11 }, { text: 'a', rate: 5 }]) {
      const res = await agent.call('/speak', { body });
      expect(res.body.error, JSON.stringify(body)).toBe('VALIDATION');
    }
  });
});

describe('the speech queue', () => {
  it('never runs two calls at once and keeps going after a failure', async () => {
    const queue = new SerialQueue();
    const log: string[] = [];
    const task =
      (name: string, fail = false) =>
      async () => {
        log.push(`start ${name}`);
        await new Promise((r) => setImmediate(r));
        log.push(`end ${name}`);
        if (fail) throw new Error(name);
        return name;
      };
    const results = await Promise.allSettled([queue.run(task('a')), queue.run(task('b', true)), queue.run(task('c'))]);
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  });
});
