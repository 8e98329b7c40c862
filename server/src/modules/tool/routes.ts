import { createRoute, z } from '@hono/zod-openapi';
import { CAPTCHA_AFTER_FAILURES } from '@shared/constants';
import { OPEN_TYPES } from '@shared/config-kinds';
import { ReportConfigSchema } from '@shared/report/document';
import { BridgeRequirementsSchema } from '@shared/agent/api';
import { DownloadNameParamSchema, DownloadsSchema } from '@shared/schemas/downloads';
import { createReadStream } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { AppError } from '../../platform/core/errors';
import { linkOrigin } from '../../platform/http/public-origin';
import { contentTypeOf, downloadFile, listDownloads, publishedExtensionId } from './downloads';
import { CaptchaAudioQuerySchema, CaptchaQuerySchema, FootTitleSchema, StaticPagesSchema } from '@shared/schemas/auth';
import { ok } from '../../platform/http/respond';
import { okResponse } from '../../platform/http/route';
import { access } from '../../platform/http/guard';
import { newRouter, type Router } from '../../platform/http/router';
import { displayZone, fmt } from '../../platform/core/time';
import { captchaAudio, issueCaptcha, failureCount } from '../auth';
import { clientMeta } from '../../platform/http/client-meta';
import { createRateLimiter } from '../../platform/http/rate-limit';
import { getConfigs } from '../../platform/config';

const tags = ['tool'];

export function toolRoutes() {
  const app = newRouter();
  loginPageRoutes(app);
  captchaAudioRoute(app);
  clientToolRoutes(app);
  downloadRoutes(app);
  return app;
}

/** What the sign-in page shows: static pages, footer, captcha. */
function loginPageRoutes(app: Router) {
  app.openapi(
    createRoute({
      method: 'get',
      path: '/tool/staticPages',
      tags,
      summary: 'Where /page1, /page2 and /temp lead (sys_config static_*_url; empty when not set up)',
      ...access('public'),
      responses: okResponse(StaticPagesSchema),
    }),
    async (c) => {
      const cfg = await getConfigs(c.var.deps.db, ['static_page1_url', 'static_page2_url', 'static_temp_url']);
      return ok(c, { page1: cfg.static_page1_url, page2: cfg.static_page2_url, temp: cfg.static_temp_url });
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/tool/getFootTitle',
      tags,
      summary: 'Login page texts and sign-in policy flags',
      ...access('public'),
      responses: okResponse(FootTitleSchema),
    }),
    async (c) => {
      const cfg = await getConfigs(c.var.deps.db, [
        'foot_title',
        'version',
        'system_title',
        'use_aes',
        'aes_key',
        'use_password_check',
        'new_web_page_url',
        'old_web_page_url',
        'title_color',
      ]);
      const aes = cfg.use_aes === 'Y' ? 'Y' : 'N';
      return ok(c, {
        data: cfg.foot_title,
        version: cfg.version,
        title: cfg.system_title,
        aes,
        aes_key: aes === 'Y' ? cfg.aes_key : '',
        use_password_check: cfg.use_password_check === 'Y' ? 'Y' : 'N',
        new_web_page_url: cfg.new_web_page_url,
        old_web_page_url: cfg.old_web_page_url,
        title_color: cfg.title_color,
      } as const);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/tool/getUseCaptcha',
      tags,
      summary: 'Whether the captcha is required (always, or for this username after 2 failures)',
      ...access('public'),
      request: { query: z.object({ username: z.string().trim().max(64).optional() }) },
      responses: okResponse(z.boolean()),
    }),
    async (c) => {
      const { username } = c.req.valid('query');
      const { use_captcha } = await getConfigs(c.var.deps.db, ['use_captcha']);
      const forced = username ? (await failureCount(c.var.deps.db, username)) >= CAPTCHA_AFTER_FAILURES : false;
      return ok(c, use_captcha === 'Y' || forced);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/tool/captcha',
      tags,
      summary:
        'Captcha image (PNG 136x40, 4 characters at least 24 px tall, 4.5:1 contrast) for key t; captcha_type 0 capitals+digits without look-alikes, 1 capitals, 2 digits 2-9',
      ...access('public'),
      request: { query: CaptchaQuerySchema },
      responses: {
        200: {
          description: 'PNG image',
          content: { 'image/png': { schema: z.string().openapi({ format: 'binary' }) } },
        },
      },
    }),
    async (c) => {
      const { t, captcha_type } = c.req.valid('query');
      const png = await issueCaptcha(c.var.deps.db, t, captcha_type);
      return c.body(new Uint8Array(png), 200, { 'content-type': 'image/png', 'cache-control': 'no-store' });
    },
  );
}

/** Per client address: a person plays a captcha a few times; each play starts espeak-ng. */
export const CAPTCHA_AUDIO_LIMIT = { calls: 10, windowS: 60 };

/** The spoken captcha: the accessible alternative to the picture, for the same key (docs/web.md, "The captcha"). */
function captchaAudioRoute(app: Router) {
  // One per app: each test platform and each server process counts on its own.
  const limiter = createRateLimiter({ limit: CAPTCHA_AUDIO_LIMIT.calls, windowMs: CAPTCHA_AUDIO_LIMIT.windowS * 1000 });
  app.openapi(
    createRoute({
      method: 'get',
      path: '/tool/captchaAudio',
      tags,
      summary:
        'The captcha of key t spoken character by character (espeak-ng, WAV) in lang (else Accept-Language); rate-limited per address; 404 when the key has no live captcha',
      ...access('public'),
      request: { query: CaptchaAudioQuerySchema },
      responses: {
        200: {
          description: 'WAV audio',
          content: { 'audio/wav': { schema: z.string().openapi({ format: 'binary' }) } },
        },
        404: { description: 'No live captcha for this key (unknown, used or expired)' },
        429: { description: 'Too many plays from this address' },
        503: { description: 'Speech synthesis unavailable' },
      },
    }),
    async (c) => {
      const { t, lang } = c.req.valid('query');
      const meta = clientMeta(c);
      const wait = limiter.take(meta.ip);
      if (wait) {
        c.header('Retry-After', String(wait));
        throw new AppError(429, 'TOO_MANY_ATTEMPTS', 'captchaAudioTooMany', { seconds: wait }, undefined, {
          retry_after: wait,
        });
      }
      const wav = await captchaAudio(c.var.deps.db, t, lang ?? meta.locale).catch((err: unknown) => {
        // The message only (espeak-ng's exit code): the spoken text is the answer.
        c.var.deps.log.warn({ err: (err as Error).message }, 'captcha: audio not synthesised');
        throw new AppError(503, 'UNAVAILABLE', 'captchaAudioUnavailable');
      });
      if (!wav) throw new AppError(404, 'NOT_FOUND', 'captchaExpired');
      return c.body(new Uint8Array(wav), 200, {
        'content-type': 'audio/wav',
        'content-length': String(wav.length),
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
      });
    },
  );
}

/** The server's time and the report settings the client reads. */
function clientToolRoutes(app: Router) {
  app.openapi(
    createRoute({
      method: 'get',
      path: '/tool/serverTime',
      tags,
      summary: "Server clock: its time in the hospital's zone, the instant, and the zone's IANA name",
      ...access('public'),
      responses: okResponse(z.object({ time: z.string(), timestamp: z.number(), timeZone: z.string() })),
    }),
    (c) => {
      const now = new Date();
      return ok(c, { time: fmt(now), timestamp: now.getTime(), timeZone: displayZone() });
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/tool/reportConfig',
      tags,
      summary:
        'Configuration the report screens and the print page read (core_url, multi_page_report, use_critical, workload_link_hospital, imageViewer, openType)',
      ...access('session'),
      responses: okResponse(ReportConfigSchema),
    }),
    async (c) => {
      const cfg = await getConfigs(c.var.deps.db, [
        'core_url',
        'multi_page_report',
        'use_critical',
        'workload_link_hospital',
        'ai_url',
        'imageViewer',
        'openType',
      ]);
      return ok(c, {
        core_url: cfg.core_url.trim(),
        multi_page_report: cfg.multi_page_report === 'Y',
        use_critical: cfg.use_critical === 'Y',
        workload_link_hospital: cfg.workload_link_hospital.trim(),
        ai_enabled: !!cfg.ai_url.trim(),
        image_viewer: cfg.imageViewer.trim(),
        open_type: (OPEN_TYPES as readonly string[]).includes(cfg.openType)
          ? (cfg.openType as (typeof OPEN_TYPES)[number])
          : '',
      });
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/tool/bridgeRequirements',
      tags,
      summary:
        'The oldest workstation agent and extension the web app works with, and where to get newer ones (sys_config agent_min_version, extension_min_version, bridge_download_url)',
      ...access('session'),
      responses: okResponse(BridgeRequirementsSchema),
    }),
    async (c) => {
      const cfg = await getConfigs(c.var.deps.db, [
        'agent_min_version',
        'extension_min_version',
        'bridge_download_url',
      ]);
      return ok(c, {
        agent_min_version: cfg.agent_min_version.trim(),
        extension_min_version: cfg.extension_min_version.trim(),
        download_url: cfg.bridge_download_url.trim(),
      });
    },
  );
}

const downloadsDir = (env: { DOWNLOADS_DIR?: string | undefined; DATA_DIR: string }) =>
  env.DOWNLOADS_DIR ?? path.join(env.DATA_DIR, 'downloads');

/** The spec's "tool download": what the installation publishes for its workstations, and the files themselves. */
function downloadRoutes(app: Router) {
  app.openapi(
    createRoute({
      method: 'get',
      path: '/tool/downloads',
      tags,
      summary:
        'Files published for workstations (DOWNLOADS_DIR) with their SHA-256, the address for policies, and the extension id of a published updates.xml',
      ...access('session'),
      responses: okResponse(DownloadsSchema),
    }),
    async (c) => {
      const dir = downloadsDir(c.var.deps.env);
      const [files, extensionId] = await Promise.all([listDownloads(dir), publishedExtensionId(dir)]);
      return ok(c, { files, origin: linkOrigin(c), ...(extensionId ? { extensionId } : {}) });
    },
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: '/downloads/{name}',
      tags,
      summary:
        'A published file (public: workstations and browser policies fetch it without a session; nothing is listed here)',
      ...access('public'),
      request: { params: DownloadNameParamSchema },
      responses: {
        200: {
          description: 'The file (.crx, .xpi and .xml with the type browsers expect, others as octet-stream)',
          content: { 'application/octet-stream': { schema: z.string().openapi({ format: 'binary' }) } },
        },
      },
    }),
    async (c) => {
      const found = await downloadFile(downloadsDir(c.var.deps.env), c.req.valid('param').name);
      if (!found) throw new AppError(404, 'NOT_FOUND', 'notFound');
      const body = Readable.toWeb(createReadStream(found.file)) as ReadableStream<Uint8Array>;
      return c.body(body, 200, {
        'content-type': contentTypeOf(found.file),
        'content-length': String(found.size),
        'content-disposition': `attachment; filename="${path.basename(found.file)}"`,
        'x-content-type-options': 'nosniff',
      });
    },
  );
}
