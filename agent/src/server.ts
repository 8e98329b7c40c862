import type { AddressInfo } from 'node:net';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { serve } from '@hono/node-server';
import { WebSocketServer } from 'ws';
import { AGENT_HOSTNAME } from '@shared/agent/constants';
import { createApp } from './app';
import type { AgentConfig } from './config';
import { KeyWatcher } from './devices/keys/key-watcher';
import { watchHidArrival } from './devices/keys/hid-arrival';
import type { KeyStore } from './devices/keys/key-store';
import { pkcs11KeyStore } from './devices/keys/pkcs11-store';
import { cupsPrinters } from './devices/printers/cups';
import type { PrinterService } from './devices/printers/printer-service';
import { windowsPrinters } from './devices/printers/windows';
import { speakerFor } from './devices/speaker/engines';
import type { Speaker } from './devices/speaker/speaker';
import { commandViewer } from './devices/viewer/viewer';
import { eventRoutes } from './events/routes';
import { createLogger, type Logger } from './lib/logger';
import { failBody } from './lib/respond';
import { run } from './lib/run';
import { OriginPolicy } from './security/origin-policy';

export interface StartOptions {
  config: AgentConfig;
  /** 0 picks a free port (tests). */
  port: number;
  logger?: Logger;
  /** Write speech to WAV files in this directory instead of the speaker. */
  speechOutDir?: string;
  /** Replace a capability (e.g. a fake key store); default: the real one for this platform. */
  keys?: KeyStore;
  printers?: PrinterService;
  speaker?: Speaker;
  /** WebSocket ping interval (default AGENT_WS_PING_MS). */
  wsPingMs?: number;
}

export interface RunningAgent {
  port: number;
  /** http://127.0.0.1:<port> */
  url: string;
  watcher: KeyWatcher;
  close: () => Promise<void>;
}

async function speechAvailable(engine: string | undefined): Promise<boolean> {
  if (process.platform === 'win32' || process.platform === 'darwin') return true;
  if (engine && engine !== 'espeak-ng') return false;
  return run('espeak-ng', ['--version']).then(
    () => true,
    () => false,
  );
}

/**
 * The Host check before the WebSocket upgrade is turned into a request: a Host that is not this agent gets
 * the guard's 403 (a Host no URL can hold, such as `127.0.0.1:PORT.evil.example`, made the server's own
 * upgrade handler answer 500). The handler stays the only listener, so its other refusals still answer.
 */
function guardUpgrades(server: Server, policy: OriginPolicy): void {
  const handlers = server.listeners('upgrade') as ((...args: unknown[]) => void)[];
  server.removeAllListeners('upgrade');
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (policy.hostAllowed(req.headers.host)) {
      for (const h of handlers) h(req, socket, head);
      return;
    }
    const header = req.headers['accept-language'];
    const body = JSON.stringify(failBody(Array.isArray(header) ? header[0] : header, 'FORBIDDEN_HOST', 403));
    socket.end(
      `HTTP/1.1 403 Forbidden\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}

/** Starts the agent on 127.0.0.1 only; each capability that fails to come up leaves the others working. */
export async function startAgent(options: StartOptions): Promise<RunningAgent> {
  const { config } = options;
  const logger = options.logger ?? createLogger();
  const keys = options.keys ?? pkcs11KeyStore(config.pkcs11.module, logger);
  const printers = options.printers ?? (process.platform === 'win32' ? windowsPrinters() : cupsPrinters());
  const watcher = new KeyWatcher(keys, config.pkcs11.pollMs, logger);
  const events = eventRoutes(watcher, options.wsPingMs);
  let port = options.port;
  const policy = new OriginPolicy(config, () => port);
  const [printersUp, speechUp] = await Promise.all([printers.available(), speechAvailable(config.speech.engine)]);
  const app = createApp({
    config,
    policy,
    logger,
    viewer: commandViewer(config.viewer),
    keys,
    printers,
    speaker: options.speaker ?? speakerFor(config.speech.engine),
    speech: { voice: config.speech.voice, rate: config.speech.rate, outDir: options.speechOutDir },
    capabilities: { printers: printersUp, speech: speechUp },
    extra: events.routes,
  });
  await watcher.start();
  const stopHid =
    config.pkcs11.hidVendorId !== undefined
      ? await watchHidArrival(config.pkcs11.hidVendorId, () => void watcher.pollNow(), logger)
      : () => undefined;

  const wss = new WebSocketServer({ noServer: true });
  const server = await new Promise<Server>((resolve, reject) => {
    const s = serve(
      { fetch: app.fetch, port: options.port, hostname: AGENT_HOSTNAME, websocket: { server: wss } },
      () => resolve(s as Server),
    ) as Server;
    s.once('error', reject);
  });
  port = (server.address() as AddressInfo).port;
  guardUpgrades(server, policy);
  logger.info({ port, host: AGENT_HOSTNAME }, 'agent listening');

  return {
    port,
    url: `http://${AGENT_HOSTNAME}:${port}`,
    watcher,
    close: async () => {
      stopHid();
      watcher.stop();
      events.close();
      for (const ws of events.peers) ws.terminate();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      keys.close();
    },
  };
}
