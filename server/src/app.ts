import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { OpenAPIHono } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import type { MiddlewareHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { requestId } from 'hono/request-id';
import { secureHeaders } from 'hono/secure-headers';
import { WEB_BASE } from '@shared/constants';
import type { AppDeps, AppEnv } from './platform/context';
import { healthz } from './health';
import { dbFailure } from './platform/db/errors';
import { AppError } from './platform/http/errors';
import { allowCoreUrl } from './platform/http/core-url-csp';
import { allowWasmInDecodeWorker } from './platform/http/viewer-worker-csp';
import { inputGuard } from './platform/http/input-guard';
import { t } from './platform/i18n';
import { loggableError } from './platform/log-error';
import { authRoutes } from './modules/auth/routes';
import { registrationRoutes } from './modules/registration/routes';
import { collectionRoutes } from './modules/collection/routes';
import { collectionListRoutes } from './modules/collection/list-routes';
import { hospitalRoutes } from './modules/hospital/routes';
import { duplicateRoutes } from './modules/duplicate/routes';
import { monitorRoutes } from './modules/monitor/routes';
import { statisticsRoutes } from './modules/statistics/routes';
import { orderRoutes } from './modules/order/routes';
import { orderExportRoutes } from './modules/order/export-routes';
import { reportRoutes } from './modules/report/routes';
import { knowledgeRoutes } from './modules/knowledge/routes';
import { toolRoutes } from './modules/tool/routes';
import { certRoutes } from './modules/cert/routes';
import { patientRoutes } from './modules/patient/routes';
import { reportPdfRoutes } from './modules/report-pdf/routes';
import { reportProductRoutes } from './modules/report-products/routes';
import { layoutRoutes } from './modules/layout/routes';
import { aiRoutes } from './modules/ai/routes';
import { webStatic } from './web-static';
import { userAdminRoutes } from './modules/users/admin-routes';
import { roleRoutes } from './modules/role/routes';
import { hospitalAdminRoutes } from './modules/hospital/admin-routes';
import { regionRoutes } from './modules/region/routes';
import { deviceRoutes } from './modules/device/routes';
import { configRoutes } from './modules/config/routes';
import { dictRoutes } from './modules/dict/routes';
import { scanpAdminRoutes } from './modules/scanp/admin-routes';
import { shortcutRoutes } from './modules/shortcut/routes';
import { auditRoutes } from './modules/audit/routes';
import { SCANP_BODY_LIMITS, scanpRoutes } from './modules/scanp/routes';
import { ACCOUNT_BODY_LIMITS, accountRoutes } from './modules/account/routes';
import { IMAGE_STREAMED_UPLOADS, uploadRoutes } from './modules/images/upload-routes';
import { wadoRoutes } from './modules/images/wado-routes';
import {
  PATIENT_FILE_BODY_LIMITS,
  PATIENT_FILE_STREAMED_UPLOADS,
  patientFileRoutes,
} from './modules/patient-file/routes';
import { dicomwebRoutes } from './modules/images/dicomweb-routes';
import { orderImageRoutes } from './modules/images/order-image-routes';
import { forwardRoutes } from './modules/dicom/forward/routes';
import { registerRoutes } from './modules/queue/register-routes';
import { callDeviceRoutes } from './modules/queue/device-routes';
import { queueAudioRoutes } from './modules/queue/audio-route';
import { usStationRoutes } from './modules/us-stations/routes';
import { viewerRoutes } from './modules/images/viewer-routes';
import { appRoutes } from './modules/apps/routes';
import { oauthRoutes } from './modules/oauth/routes';
import { ssoRoutes } from './modules/oauth/sso-routes';
import { patientLookupRoutes } from './modules/patient-lookup/routes';
import { shareLinkRoutes } from './modules/patient-lookup/link-routes';
import { wechatRoutes } from './modules/wechat/routes';
import { wechatMenuRoutes } from './modules/wechat/routes-menu';
import { wechatPublicRoutes } from './modules/wechat/routes-public';

const MAX_BODY = 1024 * 1024;
const UPLOAD_BODY_LIMITS: Record<string, number> = {
  ...SCANP_BODY_LIMITS,
  ...ACCOUNT_BODY_LIMITS,
  ...PATIENT_FILE_BODY_LIMITS,
};
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
  app.use(`${WEB_BASE.replace(/\/$/, '')}/*`, allowCoreUrl(deps.db));
  app.use(`${WEB_BASE.replace(/\/$/, '')}/assets/*`, allowWasmInDecodeWorker());
  // antd writes its styles at run time, hence 'unsafe-inline' for styles only; scripts come from us alone.
  app.use(
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        // The workstation agent: any loopback port, as the web app's agent address allows (default 17380).
        connectSrc: ["'self'", 'http://127.0.0.1:*', 'ws://127.0.0.1:*', 'http://localhost:*', 'ws://localhost:*'],
        frameAncestors: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
      },
      crossOriginEmbedderPolicy: false,
    }),
  );
  app.use(async (c, next) => {
    c.set('deps', deps);
    const start = performance.now();
    await next();
    deps.log.info(
      {
        reqId: c.var.requestId,
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round((performance.now() - start) * 10) / 10,
        user: c.var.user?.pk,
      },
      'request',
    );
  });
  const tooLarge = () => {
    throw new AppError(413, 'PAYLOAD_TOO_LARGE', 'payloadTooLarge');
  };
  // A body with its length in the header is judged by it; a chunked one is counted by hono's bodyLimit.
  // (bodyLimit alone would read `raw.body` first, which turns @hono/node-server's light request into a
  // full web Request and its body into a web stream: 0.15 ms a request for nothing.)
  const limitOf = (maxSize: number): MiddlewareHandler<AppEnv> => {
    const counted = bodyLimit({ maxSize, onError: tooLarge });
    return (c, next) => {
      if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
      const length = c.req.header('content-length');
      if (length === undefined || c.req.header('transfer-encoding') !== undefined) return counted(c, next);
      return parseInt(length, 10) > maxSize ? tooLarge() : next();
    };
  };
  const limit = limitOf(MAX_BODY);
  // Uploads have a larger limit, applied here too: the input guard below reads every body.
  const uploadLimits = new Map(Object.entries(UPLOAD_BODY_LIMITS).map(([path, max]) => [path, limitOf(max)]));
  // Streamed uploads count their bytes as they arrive (hono's bodyLimit would buffer a chunked body).
  const streamed = new Set(Object.keys({ ...IMAGE_STREAMED_UPLOADS, ...PATIENT_FILE_STREAMED_UPLOADS }));
  app.use((c, next) => (streamed.has(c.req.path) ? next() : (uploadLimits.get(c.req.path) ?? limit)(c, next)));

  app.use(inputGuard({ streamedBodies: streamed }));

  app.onError((err, c) => {
    if (err instanceof AppError) {
      const code = err.code ?? err.status;
      return c.json(
        {
          success: false,
          msg: t(c, err.msgKey, err.params),
          data: err.data,
          code,
          error: err.error,
          ...(err.errors ? { errors: err.errors } : {}),
        },
        err.status,
      );
    }
    if (err instanceof HTTPException && err.status < 500) {
      // Hono's own client errors, such as malformed JSON.
      return c.json(
        {
          success: false,
          msg: `${t(c, 'validation')}: ${err.message}`,
          data: null,
          code: err.status,
          error: 'VALIDATION',
        },
        err.status,
      );
    }
    const failure = dbFailure(err);
    if (failure === 'unavailable') {
      // The database is away (restarting, unreachable): a retry later works, so 503, and no stack trace.
      deps.log.warn({ reqId: c.var.requestId, err: loggableError(err) }, 'database unavailable');
      return c.json({ success: false, msg: t(c, 'dbUnavailable'), data: null, code: 503, error: 'UNAVAILABLE' }, 503);
    }
    if (failure === 'bad-input') {
      // A value the database cannot hold that validation let through: the caller's input, not our fault.
      deps.log.warn({ reqId: c.var.requestId, err: loggableError(err) }, 'value refused by the database');
      return c.json({ success: false, msg: t(c, 'validation'), data: null, code: 400, error: 'VALIDATION' }, 400);
    }
    deps.log.error({ reqId: c.var.requestId, err: loggableError(err) }, 'unhandled error');
    return c.json({ success: false, msg: t(c, 'internal'), data: null, code: 500, error: 'INTERNAL' }, 500);
  });

  app.get('/healthz', healthz);

  for (const sub of [
    authRoutes(),
    registrationRoutes(),
    toolRoutes(),
    monitorRoutes(),
    statisticsRoutes(),
    orderRoutes(),
    orderExportRoutes(),
    collectionRoutes(),
    collectionListRoutes(),
    hospitalRoutes(),
    duplicateRoutes(),
    reportRoutes(),
    knowledgeRoutes(),
    patientRoutes(),
    scanpRoutes(),
    certRoutes(),
    reportPdfRoutes({ fetch: (req) => app.fetch(req) }),
    reportProductRoutes(),
    layoutRoutes(),
    aiRoutes(),
    userAdminRoutes(),
    roleRoutes(),
    hospitalAdminRoutes(),
    regionRoutes(),
    deviceRoutes(),
    configRoutes(),
    dictRoutes(),
    scanpAdminRoutes(),
    shortcutRoutes(),
    auditRoutes(),
    accountRoutes(),
    uploadRoutes(),
    wadoRoutes(),
    viewerRoutes(),
    patientFileRoutes(),
    dicomwebRoutes(),
    orderImageRoutes(),
    forwardRoutes(),
    registerRoutes(),
    callDeviceRoutes(),
    queueAudioRoutes(),
    usStationRoutes(),
    appRoutes(),
    oauthRoutes(),
    ssoRoutes(),
    patientLookupRoutes(),
    shareLinkRoutes(),
    wechatRoutes(),
    wechatMenuRoutes(),
    wechatPublicRoutes(),
  ]) {
    app.route('/', sub);
  }

  app.doc31('/openapi.json', {
    openapi: '3.1.0',
    info: { title: 'RxPACS imaging-report platform API', version: '0.1.0' },
  });

  app.route('/', webStatic({ dir: opts.webDir ?? defaultWebDir }));

  app.notFound((c) =>
    c.json({ success: false, msg: t(c, 'notFound'), data: null, code: 404, error: 'NOT_FOUND' }, 404),
  );
  return app;
}
export type App = ReturnType<typeof createApp>;
