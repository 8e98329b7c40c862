import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { z } from 'zod';
import { parseTrustedProxies } from './client-address';
import { parseAllowList } from './outbound';
import { isTimeZone } from './time';

const DEFAULT_CHROMIUM = '/usr/bin/chromium';

/** Addresses, CIDRs or loopback/linklocal/uniquelocal, comma-separated (lib/client-address.ts); unset or blank: none. */
const proxyList = () =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || !v.trim()) return undefined;
      try {
        return parseTrustedProxies(v);
      } catch (e) {
        ctx.addIssue({ code: 'custom', message: (e as Error).message });
        return z.NEVER;
      }
    });

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  /** What the "tool download" page offers workstations (agent packages, the extension); unset: DATA_DIR/downloads. */
  DOWNLOADS_DIR: z.string().optional(),
  SEED: z.enum(['demo', 'none']).default('demo'),
  /** With the demo data on a new database: a made-up chest CT series and a waiting-room call screen (main.ts only; tests start without). */
  DEMO_EXTRAS: z.enum(['on', 'off']).default('on'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** The platform's public origin (scheme://host[:port]) that certificate signatures are bound to. Unset: the request's own. */
  PUBLIC_ORIGIN: z
    .url({ protocol: /^https?$/ })
    .transform((u) => new URL(u).origin)
    .optional(),
  /**
   * Reverse proxies whose X-Forwarded-For / Forwarded (and X-Forwarded-Host/-Proto) are believed: addresses,
   * CIDRs or loopback/linklocal/uniquelocal, comma-separated (lib/client-address.ts). Unset: none, the socket's peer is the client.
   */
  TRUSTED_PROXIES: proxyList(),
  /**
   * Web origins of viewers elsewhere (OHIF on its own host) allowed to call /dicomweb and /wado from the browser:
   * exact origins (https://viewer.example:8443), comma-separated. Unset: none (same origin only).
   */
  DICOMWEB_CORS_ORIGINS: z
    .string()
    .default('')
    .transform((v, ctx) => {
      const origins = new Set<string>();
      for (const entry of v
        .split(',')
        .map((e) => e.trim())
        .filter(Boolean)) {
        const origin = URL.canParse(entry) ? new URL(entry) : null;
        if (!origin || !/^https?:$/.test(origin.protocol) || origin.origin !== entry.replace(/\/$/, '')) {
          ctx.addIssue({
            code: 'custom',
            message: `"${entry}" is not an origin (scheme://host[:port], no path, no *)`,
          });
          return z.NEVER;
        }
        origins.add(origin.origin);
      }
      return origins as ReadonlySet<string>;
    }),
  /**
   * Who may read GET /metrics (Prometheus text format): CIDRs or addresses, comma-separated, matched against the
   * client address (TRUSTED_PROXIES applies). Default: this machine only. Empty: nobody.
   */
  METRICS_ALLOW: z
    .string()
    .default('127.0.0.1/32,::1/128')
    .transform((v, ctx) => {
      try {
        return parseAllowList(v);
      } catch (e) {
        ctx.addIssue({ code: 'custom', message: (e as Error).message });
        return z.NEVER;
      }
    }),
  /**
   * Load shedding (platform/http/request-gate.ts): requests handled at once, requests allowed to wait, and how
   * long one may wait (ms) before it is answered 503 with Retry-After.
   */
  REQUEST_CONCURRENCY: z.coerce.number().int().min(1).max(4096).default(16),
  REQUEST_QUEUE: z.coerce.number().int().min(0).max(100_000).default(256),
  REQUEST_WAIT_MS: z.coerce.number().int().min(10).max(600_000).default(8000),
  /** PostgreSQL: a statement running longer is cancelled (503 to the caller); migrations excepted; 0: no limit. */
  STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(86_400_000).default(60_000),
  /** A request answered slower than this (ms) is logged as a warning with its route; 0: none. */
  SLOW_REQUEST_MS: z.coerce.number().int().min(0).max(600_000).default(1000),
  /**
   * The licence's last day (YYYY-MM-DD, the server's calendar): answers carry pacs_auth / pacs_day from it
   * (platform/http/licence-headers.ts). Unset: no licence limit.
   */
  LICENCE_EXPIRES: z.preprocess(
    (v) => (typeof v === 'string' && !v.trim() ? undefined : v),
    z
      .string()
      .trim()
      .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'a date, YYYY-MM-DD' })
      .refine(
        (v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
        {
          message: 'not a calendar date',
        },
      )
      .optional(),
  ),
  /** Session lifetime in minutes (sliding through refresh). */
  SESSION_TTL_MIN: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 60)
    .default(120),
  /** Chromium for server-side report PDFs (docs/report-pdf.md); unset: /usr/bin/chromium when present. */
  CHROMIUM_PATH: z
    .string()
    .optional()
    .transform((p) => p || (existsSync(DEFAULT_CHROMIUM) ? DEFAULT_CHROMIUM : undefined)),
  /** Images on S3-compatible object storage (docs: server/src/modules/images); unset: files under DATA_DIR/images. */
  S3_BUCKET: z.string().optional(),
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** Key prefix inside the bucket, e.g. 'rxpacs/'. */
  S3_PREFIX: z
    .string()
    .regex(/^([A-Za-z0-9._-]+\/)*$/)
    .default(''),
  /** Path-style addressing, which most S3-compatible servers need; off for AWS virtual-hosted buckets. */
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('true'),
  /** Where DICOM instances go: unset keeps the rule above (S3 when S3_BUCKET is set, else files); 'orthanc' sends them to ORTHANC_URL. */
  IMAGE_STORE: z.enum(['file', 's3', 'orthanc']).optional(),
  /** Orthanc's REST root (IMAGE_STORE=orthanc), e.g. http://127.0.0.1:8042; credentials go in ORTHANC_USERNAME/PASSWORD. */
  ORTHANC_URL: z
    .url({ protocol: /^https?$/ })
    .refine(
      (u) => !new URL(u).username && !new URL(u).password,
      'credentials belong in ORTHANC_USERNAME/ORTHANC_PASSWORD',
    )
    .optional(),
  ORTHANC_USERNAME: z.string().optional(),
  ORTHANC_PASSWORD: z.string().optional(),
  /** Image uploads ingested at once (docs/images.md, Bounded ingest); more wait in a queue of INGEST_QUEUE, then 503. */
  INGEST_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  INGEST_QUEUE: z.coerce.number().int().min(0).max(1000).default(8),
  /** A zip's inflated bytes: at most this many times its size (at least 256 MiB), and at most INGEST_INFLATE_MAX_MB. */
  INGEST_INFLATE_FACTOR: z.coerce.number().int().min(1).max(1000).default(20),
  INGEST_INFLATE_MAX_MB: z.coerce.number().int().min(1).max(1_048_576).default(8192),
  /** A zip entry inflating more than this many times its compressed size is refused (entries up to 1 MiB excepted). */
  INGEST_MAX_RATIO: z.coerce.number().int().min(2).max(100_000).default(100),
  /** The DICOM listener (server/src/modules/dicom): its TCP port (0: off), AE title and address. */
  DICOM_PORT: z.coerce.number().int().min(0).max(65535).default(11112),
  DICOM_AET: z
    .string()
    .trim()
    .regex(/^[\x20-\x5b\x5d-\x7e]{1,16}$/, { message: '1-16 ASCII characters, no backslash' })
    .default('RXPACS'),
  DICOM_HOST: z.string().default('0.0.0.0'),
  /**
   * The hospital's time zone (IANA name, 'Asia/Shanghai'): every time shown, printed or counted by day is in
   * it, whatever zone the server runs in (platform/core/time.ts). Unset: the server's.
   */
  TIME_ZONE: z.preprocess(
    (v) => (typeof v === 'string' && !v.trim() ? undefined : v),
    z.string().trim().refine(isTimeZone, { message: 'an IANA time zone name, e.g. Asia/Shanghai' }).optional(),
  ),
  /** The HL7 v2 listener (MLLP, server/src/modules/his): its TCP port (0: off, the default) and address. */
  HL7_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  HL7_HOST: z.string().default('0.0.0.0'),
  /**
   * TCP load balancers in front of the DICOM listener that send the PROXY protocol (v1 or v2) with the
   * modality's address: addresses, CIDRs or loopback/linklocal/uniquelocal, comma-separated. A connection from
   * one of them must begin with the header; others connect directly. Unset: none.
   */
  DICOM_PROXY_PROTOCOL: proxyList(),
  /**
   * Private or loopback ranges the server may connect to on an administrator's word (DICOM devices, ai_url,
   * FHIR endpoints): CIDRs, comma-separated, e.g. 10.0.0.0/8,192.168.0.0/16 (lib/outbound.ts). Unset: public addresses only.
   */
  OUTBOUND_ALLOW: z
    .string()
    .default('')
    .superRefine((v, ctx) => {
      try {
        parseAllowList(v);
      } catch (e) {
        ctx.addIssue({ code: 'custom', message: (e as Error).message });
      }
    }),
  /**
   * The listener's received log (server/src/modules/dicom/received-log.ts): a ring file of this many MiB, created
   * once and then recycled; 0: none, a file per instance (slower to acknowledge).
   */
  DICOM_RECEIVE_LOG_MB: z.coerce.number().int().min(0).max(65536).default(512),
  /** The SMS gateway of self-registration (docs/registration.md): POST {to, text} JSON; unset: no codes are sent. */
  SMS_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Bearer token for SMS_URL, when the gateway wants one. */
  SMS_TOKEN: z.string().optional(),
  /** Outgoing mail (activation links): smtp://user:pass@host:587 or smtps://...:465; unset: registration is off. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/\S+$/, { message: 'smtp://... or smtps://...' })
    .optional(),
  MAIL_FROM: z.string().default('noreply@localhost'),
  /** Key of lib/secret-box (stored third-party secrets): 32 bytes as base64 or hex; unset: DATA_DIR/secret.key, made once (0600). */
  SECRET_KEY: z.string().optional(),
  /** yes: for one start after the secret key was lost: this server's key becomes the installation's (docs/deploy.md). */
  SECRET_KEY_RESET: z.enum(['yes', 'no']).default('no'),
  /** The messaging platform's API (docs/wechat.md): /cgi-bin/*, /sns/*. Tests point it at a local fake. */
  WECHAT_API_BASE: z
    .url({ protocol: /^https?$/ })
    .transform((u) => u.replace(/\/+$/, ''))
    .default('https://api.weixin.qq.com'),
  /** Where the platform's QR connect page lives (/connect/qrconnect). */
  WECHAT_OPEN_BASE: z
    .url({ protocol: /^https?$/ })
    .transform((u) => u.replace(/\/+$/, ''))
    .default('https://open.weixin.qq.com'),
  /** Report products after an audit (docs/report-products.md): archive PDF and FHIR delivery jobs; 'off' stops this process's worker. */
  REPORT_JOBS: z.enum(['on', 'off']).default('on'),
  /** How often the worker looks for due jobs (ms). */
  REPORT_JOB_POLL_MS: z.coerce.number().int().min(50).max(600_000).default(5_000),
  /** First retry delay (ms); doubles with each failed attempt, capped at an hour. */
  REPORT_JOB_BACKOFF_MS: z.coerce.number().int().min(10).max(3_600_000).default(30_000),
  /** Attempts before a job stops retrying by itself (the retry button starts it again). */
  REPORT_JOB_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(12),
  /**
   * Archive PDFs rendered at once by this process's worker (docs/report-products.md, "Rendering pool"); other
   * jobs (deliveries, withdrawals, HL7) run in a lane of their own and never wait behind renders.
   * Default: half the CPUs the process may use, at least 1.
   */
  REPORT_ARCHIVE_POOL: z.coerce
    .number()
    .int()
    .min(1)
    .max(64)
    .default(Math.max(1, Math.floor(availableParallelism() / 2))),
  /**
   * An archive pending longer than this (ms, since the audit) is rendered by a browser at normal priority instead
   * of idle priority, so renders progress under sustained load (docs/decisions.md); 0: never.
   */
  REPORT_ARCHIVE_CATCH_UP_MS: z.coerce.number().int().min(0).max(86_400_000).default(60_000),
  /**
   * A delivery waits at most this long (ms, since the audit) for its archive PDF: then (or as soon as the archive
   * gave up) it is sent without presentedForm, and sent again with the PDF once it is made; 0: never without.
   */
  REPORT_DELIVERY_PDF_WAIT_MS: z.coerce.number().int().min(0).max(604_800_000).default(600_000),
  /** Days a study stays in the recycle bin before it is deleted for good, images and reports with it (server/src/modules/recycle); 0: kept until deleted by hand. */
  RECYCLE_KEEP_DAYS: z.coerce.number().int().min(0).max(36_500).default(30),
  /** The hospital's seal the archived report PDFs are signed with: a PKCS#12 file (RSA key, certificate, chain); unset: the installation's own seal, made once. */
  PDF_SEAL_P12: z.string().optional(),
  /** Passphrase of PDF_SEAL_P12 (never logged). */
  PDF_SEAL_PASSPHRASE: z.string().optional(),
});
export type Env = z.infer<typeof EnvSchema>;

export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid environment: ${problems}`);
  }
  return parsed.data;
}
