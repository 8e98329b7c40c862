import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import {
  incompleteFields,
  lookupCodeProblem,
  PATIENT_LOOKUP_LIMIT,
  PatientLookupResultSchema,
  PatientLookupSchema,
  SharedReportQuerySchema,
  SharedReportSchema,
} from '@shared/schemas/patient-lookup';
import type { AppEnv } from '../../platform/context';
import { AppError } from '../../platform/core/errors';
import { clientMeta } from '../../platform/http/client-meta';
import { translate } from '../../platform/core/i18n';
import { createRateLimiter } from '../../platform/http/rate-limit';
import { ok } from '../../platform/http/respond';
import { jsonBody, okResponse } from '../../platform/http/route';
import { newRouter } from '../../platform/http/router';
import { access } from '../../platform/http/guard';
import { lookupPatient } from './lookup';
import { sharedReport } from './shared-report';

const tags = ['patient-lookup'];

/** Every look-up answer takes at least this long, so its time does not tell a match from none. */
const MIN_ANSWER_MS = 250;

export const clockOf = (c: Context<AppEnv>) => c.var.deps.now?.() ?? new Date();

function tooMany(c: Context<AppEnv>, msgKey: 'lookupTooMany' | 'lookupHospitalPaused', seconds: number) {
  c.header('Retry-After', String(seconds));
  return new AppError(429, 'TOO_MANY_ATTEMPTS', msgKey, { seconds }, undefined, { retry_after: seconds });
}

function refuseIncomplete(
  c: Context<AppEnv>,
  fields: string[],
  msgKey: 'lookupIncomplete' | 'lookupCodeMissing' | 'lookupCodeFormat',
) {
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
        "A patient's own exams (no sign-in): the look-up code printed on their label or report and their patient ID or accession number (card_no too when given) must match one exam of the hospital; tokens open audited reports. Budgets per address, per identifier named and per hospital; no match is an empty list",
      ...access('public'),
      request: jsonBody(PatientLookupSchema),
      responses: {
        ...okResponse(PatientLookupResultSchema),
        429: { description: 'Too many look-ups from this address, or at this hospital (Retry-After)' },
      },
    }),
    async (c) => {
      const q = c.req.valid('json');
      const missing = incompleteFields(q);
      if (missing.length) throw refuseIncomplete(c, missing, 'lookupIncomplete');
      const codeProblem = lookupCodeProblem(q.lookup_code);
      if (codeProblem) {
        throw refuseIncomplete(
          c,
          ['lookup_code'],
          codeProblem === 'missing' ? 'lookupCodeMissing' : 'lookupCodeFormat',
        );
      }
      const wait = limiter.take(clientMeta(c).ip);
      if (wait) throw tooMany(c, 'lookupTooMany', wait);
      const started = Date.now();
      const outcome = await lookupPatient(c.var.deps.db, q, clockOf(c));
      if (outcome.paused) throw tooMany(c, 'lookupHospitalPaused', PATIENT_LOOKUP_LIMIT.hospitalWindowS);
      const left = MIN_ANSWER_MS - (Date.now() - started);
      if (left > 0) await new Promise((r) => setTimeout(r, left));
      return ok(c, outcome.result);
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
