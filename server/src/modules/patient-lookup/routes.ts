import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import {
  givenIdentifiers,
  incompleteFields,
  PATIENT_IDENTIFIERS,
  PATIENT_LOOKUP_LIMIT,
  PatientLookupResultSchema,
  PatientLookupSchema,
  SharedReportQuerySchema,
  SharedReportSchema,
} from '@shared/schemas/patient-lookup';
import type { AppEnv } from '../../context';
import { AppError } from '../../lib/errors';
import { clientMeta } from '../../lib/client-meta';
import { translate } from '../../lib/i18n';
import { createRateLimiter } from '../../lib/rate-limit';
import { ok } from '../../lib/respond';
import { jsonBody, okResponse } from '../../lib/route';
import { newRouter } from '../../lib/router';
import { access } from '../../middleware/auth';
import { lookupPatient } from './lookup';
import { sharedReport } from './shared-report';

const tags = ['patient-lookup'];

/** Every look-up answer takes at least this long, so its time does not tell a match from none. */
const MIN_ANSWER_MS = 250;

export const clockOf = (c: Context<AppEnv>) => c.var.deps.now?.() ?? new Date();

function refuseIncomplete(c: Context<AppEnv>, fields: string[], msgKey: 'lookupIncomplete' | 'lookupTwoIdentifiers') {
  const { locale } = clientMeta(c);
  return AppError.validation(
    msgKey,
    fields.map((field) => ({ field, msg: translate(locale, msgKey) })),
  );
}

export function patientLookupRoutes() {
  const app = newRouter();
  // One per app: each test platform and each server process counts on its own.
  const limiter = createRateLimiter({
    limit: PATIENT_LOOKUP_LIMIT.calls,
    windowMs: PATIENT_LOOKUP_LIMIT.windowS * 1000,
  });

  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/order/patientInfoList',
      tags,
      summary:
        "A patient's own exams (no sign-in): at least two of card_no, accession_no, patient_id must match one exam of the hospital; tokens open audited reports. Rate-limited per address; no match is an empty list",
      ...access('public'),
      request: jsonBody(PatientLookupSchema),
      responses: {
        ...okResponse(PatientLookupResultSchema),
        429: { description: 'Too many look-ups from this address (Retry-After)' },
      },
    }),
    async (c) => {
      const q = c.req.valid('json');
      const missing = incompleteFields(q);
      if (missing.length) throw refuseIncomplete(c, missing, 'lookupIncomplete');
      const given = givenIdentifiers(q);
      if (given.length < 2) {
        throw refuseIncomplete(
          c,
          PATIENT_IDENTIFIERS.filter((k) => !given.includes(k)),
          'lookupTwoIdentifiers',
        );
      }
      const wait = limiter.take(clientMeta(c).ip);
      if (wait) {
        c.header('Retry-After', String(wait));
        throw new AppError(429, 'TOO_MANY_ATTEMPTS', 'lookupTooMany', { seconds: wait }, undefined, {
          retry_after: wait,
        });
      }
      const started = Date.now();
      const result = await lookupPatient(c.var.deps.db, q, clockOf(c));
      const left = MIN_ANSWER_MS - (Date.now() - started);
      if (left > 0) await new Promise((r) => setTimeout(r, left));
      return ok(c, result);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/report/shared/info',
      tags,
      summary:
        'The print view of the study a share link or look-up token opens (no sign-in): audited reports only, read-only. One 404 for an unknown, expired or revoked token',
      ...access('public'),
      request: jsonBody(SharedReportQuerySchema),
      responses: { ...okResponse(SharedReportSchema), 404: { description: 'The link has expired or was revoked' } },
    }),
    async (c) => ok(c, await sharedReport(c.var.deps.db, c.req.valid('json').token, clockOf(c))),
  );

  return app;
}
