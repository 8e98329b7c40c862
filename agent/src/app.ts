import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { AGENT_BODY_MAX, AGENT_NAME, AGENT_PRINT_BODY_MAX, AGENT_SIGN_REPORT_BODY_MAX } from '@shared/agent/constants';
import type { Health } from '@shared/agent/api';
import type { KeyStore } from './devices/keys/key-store';
import { keyRoutes } from './devices/keys/routes';
import type { PrinterService } from './devices/printers/printer-service';
import { printerRoutes } from './devices/printers/routes';
import { speakerRoutes, type SpeechOptions } from './devices/speaker/routes';
import type { Speaker } from './devices/speaker/speaker';
import { viewerRoutes } from './devices/viewer/routes';
import type { Viewer } from './devices/viewer/viewer';
import type { AgentConfig } from './config';
import { limitBody } from './lib/body-limit';
import { AgentError } from './lib/errors';
import type { Logger } from './lib/logger';
import { fail, ok } from './lib/respond';
import { guard, type GuardEnv } from './security/guard';
import type { OriginPolicy } from './security/origin-policy';
import { version } from './version';

export interface AppDeps {
  config: AgentConfig;
  policy: OriginPolicy;
  logger: Logger;
  viewer: Viewer;
  keys: KeyStore;
  printers: PrinterService;
  speaker: Speaker;
  speech: SpeechOptions;
  /** Printers and speech are probed at start-up; the others are known from their state. */
  capabilities: { printers: boolean; speech: boolean };
  /** Extra routes mounted after the guard (the WebSocket /events). */
  extra?: Hono;
}

export function createApp(deps: AppDeps) {
  const app = new Hono<GuardEnv>();

  app.use(async (c, next) => {
    const start = performance.now();
    await next();
    // One line per request: never the body (it may hold a PIN or a report) nor the query.
    deps.logger.info(
      {
        id: randomUUID(),
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round(performance.now() - start),
      },
      'request',
    );
  });
  app.use(guard(deps.policy));
  const printLimit = limitBody(AGENT_PRINT_BODY_MAX);
  const signReportLimit = limitBody(AGENT_SIGN_REPORT_BODY_MAX);
  const otherLimit = limitBody(AGENT_BODY_MAX);
  const limitFor = (path: string) =>
    path === '/print' ? printLimit : path === '/keys/signReport' ? signReportLimit : otherLimit;
  app.use((c, next) => limitFor(c.req.path)(c, next));

  app.get('/health', (c) => {
    const health: Health = {
      name: AGENT_NAME,
      version,
      capabilities: {
        viewer: deps.viewer.available,
        pkcs11: deps.keys.available,
        printers: deps.capabilities.printers,
        speech: deps.capabilities.speech,
      },
    };
    return ok(c, health);
  });
  app.route('/', viewerRoutes(deps.viewer, deps.config.viewer.protocol));
  app.route('/', keyRoutes(deps.keys, deps.policy));
  app.route('/', printerRoutes(deps.printers, deps.config.printers, deps.policy));
  app.route('/', speakerRoutes(deps.speaker, deps.speech));
  if (deps.extra) app.route('/', deps.extra);

  app.notFound((c) => fail(c, 'NOT_FOUND', 404));
  app.onError((err, c) => {
    if (err instanceof AgentError) return fail(c, err.id, err.status, err.data, err.detail);
    if (err instanceof HTTPException && err.status === 400) return fail(c, 'BAD_REQUEST', 400);
    if (err instanceof HTTPException && err.status === 413) return fail(c, 'TOO_LARGE', 413);
    deps.logger.error({ err: err.message, path: c.req.path }, 'unexpected error');
    return fail(c, 'INTERNAL', 500);
  });
  return app;
}
