import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { OpenAPIHono } from '@hono/zod-openapi';
import { requestId } from 'hono/request-id';
import { WEB_BASE } from '@shared/constants';
import type { AppDeps, AppEnv } from './platform/context';
import { healthz } from './health';
import { metricsEndpoint } from './platform/http/metrics-endpoint';
import { opsBackupEndpoint } from './platform/http/ops-endpoint';
import { allowCoreUrl } from './platform/http/core-url-csp';
import { allowWasmInDecodeWorker } from './platform/http/viewer-worker-csp';
import { allowInlineScripts } from './platform/http/inline-script-csp';
import { bodyLimits } from './platform/http/body-limits';
import { inputGuard } from './platform/http/input-guard';
import { licenceHeaders } from './platform/http/licence-headers';
import { onError } from './platform/http/on-error';
import { requestContext } from './platform/http/request-log';
import { securityHeaders } from './platform/http/security-headers';
import { shedLoad } from './platform/http/request-gate';
import { viewerCors } from './platform/http/viewer-cors';
import { t } from './platform/core/i18n';
import { MODULES } from './modules/registry';
import { webStatic } from './web-static';

// WEB_DIST lets parallel test runs build and serve their own copy of the web app.
const defaultWebDir = process.env.WEB_DIST
  ? path.resolve(process.env.WEB_DIST)
  : path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

export interface AppOptions {
  webDir?: string;
}

export function createApp(deps: AppDeps, opts: AppOptions = {}) {
  const app = new OpenAPIHono<AppEnv>();

  app.use(requestId());
  app.use(requestContext(deps));
  const webDir = opts.webDir ?? defaultWebDir;
  app.use(`${WEB_BASE.replace(/\/$/, '')}/*`, allowCoreUrl(deps.db));
  app.use(`${WEB_BASE.replace(/\/$/, '')}/*`, allowInlineScripts(webDir));
  app.use(`${WEB_BASE.replace(/\/$/, '')}/assets/*`, allowWasmInDecodeWorker());
  for (const path of ['/dicomweb/*', '/wado']) app.use(path, viewerCors(deps.env.DICOMWEB_CORS_ORIGINS));
  app.use(securityHeaders());
  app.use(licenceHeaders());
  const streamed = new Set(MODULES.flatMap((m) => Object.keys(m.streamedBodies ?? {})));
  app.use(shedLoad(deps.env, streamed, deps.strain));
  app.use(
    bodyLimits(
      MODULES.flatMap((m) => Object.entries(m.bodyLimits ?? {})),
      streamed,
    ),
  );

  app.use(inputGuard({ streamedBodies: streamed }));
  app.onError(onError(deps));

  app.get('/healthz', healthz);
  app.get('/metrics', metricsEndpoint);
  app.post('/ops/backup', opsBackupEndpoint);

  for (const sub of MODULES.flatMap((m) => m.routes?.({ fetch: (req) => app.fetch(req) }) ?? [])) {
    app.route('/', sub);
  }

  app.doc31('/openapi.json', {
    openapi: '3.1.0',
    info: { title: 'RxPACS imaging-report platform API', version: '0.1.0' },
  });

  app.route('/', webStatic({ dir: webDir }));

  app.notFound((c) =>
    c.json({ success: false, msg: t(c, 'notFound'), data: null, code: 404, error: 'NOT_FOUND' }, 404),
  );
  return app;
}
export type App = ReturnType<typeof createApp>;
