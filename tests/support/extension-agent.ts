import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { WebSocket as WsClient } from 'ws';
import { startTestAgent, type TestAgent } from '../fixtures/agent';

/** A valid 32-letter extension id (fakeBrowser's default id is not one). */
export const EXT_ID = 'abcdefghijklmnopabcdefghijklmnop';
export const EXT_ORIGIN = `chrome-extension://${EXT_ID}`;

/** fetch and WebSocket as Chrome issues them from the extension: with the extension's Origin header. */
export const extensionFetch: typeof fetch = (input, init) =>
  fetch(input, { ...init, headers: { ...(init?.headers as Record<string, string>), Origin: EXT_ORIGIN } });

export class ExtensionWebSocket extends WsClient {
  constructor(url: string | URL) {
    super(url, { origin: EXT_ORIGIN });
  }
}

export const challenge = () => randomBytes(32).toString('base64');

/** The real agent with a viewer script that records its arguments; the extension is allowed. */
export async function startAgentForExtension(allowedOrigins: string[], port = 0) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'rx-ext-'));
  const record = path.join(dir, 'viewer.txt');
  const script = path.join(dir, 'viewer.sh');
  await writeFile(script, `#!/bin/sh\necho "$*" >> "${record}"\n`);
  await chmod(script, 0o755);
  const agent: TestAgent = await startTestAgent({
    port,
    config: {
      allowedOrigins,
      allowedExtensionIds: [EXT_ID],
      pkcs11: { module: '' },
      viewer: { command: script, openArgs: ['--study', '{study_iuid}'], closeArgs: ['--close', '{study_iuid}'] },
    },
  });
  return {
    agent,
    url: `http://127.0.0.1:${agent.port}`,
    viewerCalls: async () => (await readFile(record, 'utf8').catch(() => '')).split('\n').filter(Boolean),
    stop: async () => {
      await agent.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
