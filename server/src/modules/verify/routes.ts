import { createHash } from 'node:crypto';
import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { normaliseVerifyCode } from '@shared/report/signature';
import { VerifyCodeParamSchema, VerifyResultSchema } from '@shared/schemas/report-signature';
import type { AppEnv } from '../../platform/context';
import { AppError } from '../../platform/core/errors';
import { translate } from '../../platform/core/i18n';
import { clientMeta } from '../../platform/http/client-meta';
import { access } from '../../platform/http/guard';
import { createRateLimiter } from '../../platform/http/rate-limit';
import { ok } from '../../platform/http/respond';
import { okResponse } from '../../platform/http/route';
import { newRouter } from '../../platform/http/router';
import { verifyByCode, verifyByPdfSha256 } from '../report';

const tags = ['verify'];

/** Largest PDF taken for verification: an archived report is a few hundred KB. */
export const VERIFY_PDF_MAX_BYTES = 10 * 1024 * 1024;
/** Per client address (through the trusted-proxy setting): a person checks a few reports, a script guesses. */
export const VERIFY_LIMIT = { calls: 20, windowS: 60 };

const PDF_MAGIC = '%PDF-';

function fieldError(c: Context<AppEnv>, field: string, key: 'verifyCodeFormat' | 'verifyPdfType') {
  return AppError.validation(key, [{ field, msg: translate(clientMeta(c).locale, key) }]);
}

const PdfFileSchema = z.object({
  file: z.custom<File>((v) => v instanceof File).openapi({ type: 'string', format: 'binary' }),
});

export function verifyRoutes() {
  const app = newRouter();
  // One per app: each test platform and each server process counts on its own.
  const limiter = createRateLimiter({ limit: VERIFY_LIMIT.calls, windowMs: VERIFY_LIMIT.windowS * 1000 });
  const take = (c: Context<AppEnv>) => {
    const wait = limiter.take(clientMeta(c).ip);
    if (!wait) return;
    c.header('Retry-After', String(wait));
    throw new AppError(429, 'TOO_MANY_ATTEMPTS', 'verifyTooMany', { seconds: wait }, undefined, {
      retry_after: wait,
    });
  };

  app.openapi(
    createRoute({
      method: 'get',
      path: '/verify/{code}',
      tags,
      summary:
        "Checks a report's electronic signature by the verification code printed on it (no sign-in; rate-limited per address): who signed, when, with which certificate, and whether the report still matches what was signed",
      ...access('public'),
      request: { params: VerifyCodeParamSchema },
      responses: { ...okResponse(VerifyResultSchema), 404: { description: 'No signature has this code' } },
    }),
    async (c) => {
      const code = normaliseVerifyCode(c.req.valid('param').code);
      if (!code) throw fieldError(c, 'code', 'verifyCodeFormat');
      take(c);
      const result = await verifyByCode(c.var.deps.db, code);
      if (!result) throw new AppError(404, 'VERIFY_NOT_FOUND', 'verifyNotFound');
      return ok(c, result);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/verify/pdf',
      tags,
      summary:
        'Checks a PDF (multipart `file`, at most 10 MiB): an unchanged copy of a signed report archived here answers as its verification code does',
      ...access('public'),
      request: { body: { content: { 'multipart/form-data': { schema: PdfFileSchema } }, required: true } },
      responses: { ...okResponse(VerifyResultSchema), 404: { description: 'Not an archived signed report' } },
    }),
    async (c) => {
      const { file } = c.req.valid('form');
      take(c);
      if (file.size > VERIFY_PDF_MAX_BYTES) throw new AppError(413, 'PAYLOAD_TOO_LARGE', 'payloadTooLarge');
      const bytes = Buffer.from(await file.arrayBuffer());
      if (bytes.subarray(0, 5).toString('latin1') !== PDF_MAGIC) throw fieldError(c, 'file', 'verifyPdfType');
      const sha256 = createHash('sha256').update(bytes).digest('hex');
      const result = await verifyByPdfSha256(c.var.deps.db, sha256);
      if (!result) throw new AppError(404, 'VERIFY_NOT_FOUND', 'verifyPdfUnknown');
      return ok(c, result);
    },
  );

  return app;
}
