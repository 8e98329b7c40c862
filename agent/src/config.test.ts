import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseConfig } from './config';

const run = promisify(execFile);

describe('agent config', () => {
  it('accepts the sample agent.config.json', async () => {
    const config = await loadConfig('agent/agent.config.json');
    expect(config.pkcs11).toMatchObject({ module: '/usr/lib/softhsm/libsofthsm2.so', pollMs: 500 });
    expect(config.speech).toEqual({ engine: 'espeak-ng', voice: 'cmn', rate: 0.6 });
  });

  it('fills defaults for the keys left out', () => {
    const config = parseConfig({});
    expect(config.allowedOrigins).toEqual([]);
    expect(config.viewer.protocol).toBe('rxpacs');
    expect(config.pkcs11.pollMs).toBe(500);
  });

  it('names the bad key', () => {
    expect(() => parseConfig({ pkcs11: { pollMs: 'fast' } })).toThrow(/pkcs11\.pollMs/);
    expect(() => parseConfig({ allowedOrigins: ['http://a.example/path'] })).toThrow(/allowedOrigins\.0/);
    expect(() => parseConfig({ printers: { reprot: 'x' } })).toThrow(/printers\.reprot/);
    expect(() => parseConfig({ allowedExtensionIds: ['nope'] })).toThrow(ConfigError);
  });

  it('stops start-up with a message naming the bad key', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'rx-agent-config-'));
    try {
      const file = path.join(dir, 'agent.config.json');
      const sample = JSON.parse(await readFile('agent/agent.config.json', 'utf8')) as Record<string, unknown>;
      await writeFile(file, JSON.stringify({ ...sample, speech: { rate: 9 } }));
      const failed = await run('node_modules/.bin/tsx', ['agent/src/main.ts'], {
        env: { ...process.env, AGENT_CONFIG: file, AGENT_PORT: '0', AGENT_STATE_DIR: dir },
      }).then(
        () => null,
        (e: { code: number; stderr: string }) => e,
      );
      expect(failed?.code).toBe(1);
      expect(failed?.stderr).toContain('speech.rate');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
