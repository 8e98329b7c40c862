import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestAgent, type TestAgent } from '../../../../tests/fixtures/agent';

let dir: string;
let record: string;
let agent: TestAgent;

/** Waits until the viewer script has appended `lines` lines (it runs detached from the request). */
async function recorded(lines: number): Promise<string[]> {
  for (;;) {
    const text = await readFile(record, 'utf8').catch(() => '');
    const all = text.split('\n').filter(Boolean);
    if (all.length >= lines) return all;
    await new Promise((r) => setTimeout(r, 20));
  }
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'rx-viewer-'));
  record = path.join(dir, 'calls.txt');
  const script = path.join(dir, 'viewer.sh');
  // Each argument on the line in brackets, so a split or joined argument would show.
  await writeFile(
    script,
    `#!/bin/sh\nfor a in "$@"; do printf '[%s]' "$a"; done >> "${record}"\necho >> "${record}"\n`,
  );
  await chmod(script, 0o755);
  agent = await startTestAgent({
    config: {
      pkcs11: { module: '' },
      viewer: {
        command: script,
        openArgs: ['--study', '{study_iuid}'],
        closeArgs: ['--close={study_iuid}'],
        protocol: 'rxview',
      },
    },
  });
});
afterAll(async () => {
  await agent?.stop();
  await rm(dir, { recursive: true, force: true });
});

describe('GET /openDicom', () => {
  it('runs the viewer with the study as its own argument, then closes it', async () => {
    const open = await agent.call('/openDicom?type=openImage&study_iuid=1.2.840.113619.2.55.3');
    expect(open.status).toBe(200);
    expect(await recorded(1)).toEqual(['[--study][1.2.840.113619.2.55.3]']);
    const close = await agent.call('/openDicom?type=closeImage&study_iuid=1.2.3');
    expect(close.body.success).toBe(true);
    expect((await recorded(2))[1]).toBe('[--close=1.2.3]');
  });

  it('refuses a study_iuid that is not a DICOM UID and runs nothing', async () => {
    const bad = ['1.2.3;touch /tmp/x', '1.2.3 && id', '$(id)', '1.2.3`id`', '1..2', '', '1'.repeat(65), '1.2.3\n4'];
    for (const uid of bad) {
      const res = await agent.call(`/openDicom?type=openImage&study_iuid=${encodeURIComponent(uid)}`);
      expect(res.status, uid).toBe(400);
      expect(res.body.error).toBe('VALIDATION');
    }
    const wrongType = await agent.call('/openDicom?type=rm&study_iuid=1.2.3');
    expect(wrongType.body.error).toBe('VALIDATION');
    // A last good call proves the refused ones never reached the script: they would be listed before it.
    await agent.call('/openDicom?type=openImage&study_iuid=9.9');
    const lines = await recorded(3);
    expect(lines).toHaveLength(3);
    expect(lines[2]).toBe('[--study][9.9]');
  });

  it('says so when the viewer cannot be started', async () => {
    const broken = await startTestAgent({
      config: { pkcs11: { module: '' }, viewer: { command: path.join(dir, 'missing-viewer') } },
    });
    try {
      const res = await broken.call('/openDicom?type=openImage&study_iuid=1.2.3');
      expect(res.status).toBe(500);
      expect(res.body.error).toBe('VIEWER_FAILED');
      expect((await broken.call('/health')).body.data).toMatchObject({ capabilities: { viewer: false } });
      expect((await agent.call('/health')).body.data).toMatchObject({ capabilities: { viewer: true } });
    } finally {
      await broken.stop();
    }
  });
});

describe('GET /viewer/link', () => {
  it('builds the custom-protocol link with the configured scheme', async () => {
    const res = await agent.call('/viewer/link?study_iuid=1.2.3&type=closeImage');
    expect(res.body.data).toEqual({ url: 'rxview://closeImage?study_iuid=1.2.3' });
    const open = await agent.call('/viewer/link?study_iuid=1.2.3');
    expect(open.body.data).toEqual({ url: 'rxview://openImage?study_iuid=1.2.3' });
    expect((await agent.call('/viewer/link?study_iuid=1;2')).body.error).toBe('VALIDATION');
  });
});
