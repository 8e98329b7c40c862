import { createRoute, z } from '@hono/zod-openapi';
import type { Context, MiddlewareHandler } from 'hono';
import type { ZodError } from 'zod';
import type { OrderScope } from '@shared/schemas/oauth';
import { FHIR_JSON, FhirIdParamSchema, FhirPatientSchema, FhirServiceRequestSchema } from '@shared/schemas/fhir-order';
import type { AppEnv } from '../../platform/context';
import { AppError } from '../../platform/core/errors';
import { access } from '../../platform/http/guard';
import { linkOrigin } from '../../platform/http/public-origin';
import { newRouter, validationBody } from '../../platform/http/router';
import { authenticateAppToken, type AppCaller } from '../oauth';
import { placeOrder, readOrder, updatePatient } from './fhir-orders';
import {
  capabilityStatement,
  fhirJson,
  operationOutcome,
  outcomeOfEnvelope,
  refusalAnswer,
  serviceRequestOf,
} from './fhir-resources';
import { Refusal } from './hl7-map';

const tags = ['fhir'];

/** Both media types a FHIR client may send (R4 3.1.0.1.10), the same schema. */
const fhirBody = <T extends z.ZodType>(schema: T) => ({
  body: { content: { [FHIR_JSON]: { schema }, 'application/json': { schema } }, required: true },
});
/** Every answer is application/fhir+json: the resource, or an OperationOutcome. */
const answers = {
  200: { description: 'The resource (application/fhir+json)' },
  201: { description: 'Created: the ServiceRequest as held, Location its address' },
  400: { description: 'OperationOutcome: malformed (the elements named)' },
  401: { description: "OperationOutcome: no app's own token (client credentials)" },
  403: { description: 'OperationOutcome: the scope, or the app places no orders' },
  422: { description: "OperationOutcome: a business rule (performed order, accession taken, another system's order)" },
};

/** A validation failure as an OperationOutcome naming the elements. */
function invalidResource(result: { success: boolean; error?: unknown }, c: Context) {
  if (result.success) return;
  return fhirJson(c, outcomeOfEnvelope(400, validationBody(c, result.error as ZodError)), 400);
}

/** The app each request authenticated as (set by appAccess before validation). */
const callers = new WeakMap<Request, AppCaller>();
const callerOf = (c: Context) => callers.get(c.req.raw)!;

/**
 * The app calling with its own token (client credentials), holding the scope; else 401/403 (RFC 6750 §3.1).
 * Runs before the body is validated: who may not call learns nothing of the rules.
 */
function appAccess(scope: OrderScope) {
  const check: MiddlewareHandler<AppEnv> = async (c, next) => {
    const token = (c.req.header('authorization') ?? '').replace(/^Bearer\s+/i, '').trim();
    const app = await authenticateAppToken(c.var.deps.db, token);
    if (app === 'unknown') {
      c.header('WWW-Authenticate', 'Bearer error="invalid_token"');
      throw new AppError(401, 'UNAUTHORIZED', 'fhirTokenInvalid');
    }
    if (app === 'no-hospital') throw new AppError(403, 'FORBIDDEN', 'fhirNoOrders');
    if (!app.scopes.includes(scope)) {
      c.header('WWW-Authenticate', `Bearer error="insufficient_scope", scope="${scope}"`);
      throw new AppError(403, 'FORBIDDEN', 'fhirScope', { scope });
    }
    callers.set(c.req.raw, app);
    await next();
  };
  // In the OpenAPI document as public: the guard is the app's token, not a user's permission.
  return { middleware: [check], 'x-permission': 'public' as const };
}

/**
 * FHIR R4 order entry for an app's own token (docs/his.md): a ServiceRequest places, changes or cancels an
 * order of the app's hospital, a Patient updates the patient; every refusal is an OperationOutcome.
 */
export function fhirOrderRoutes() {
  const app = newRouter();
  // Whatever the platform answers with its envelope on these paths (authentication, limits, errors) goes
  // out as an OperationOutcome with the same status and message.
  app.use('/fhir/*', async (c, next) => {
    await next();
    if (c.res.status < 400 || !c.res.headers.get('content-type')?.startsWith('application/json')) return;
    const env = (await c.res.clone().json()) as Parameters<typeof outcomeOfEnvelope>[1];
    const headers = new Headers(c.res.headers);
    headers.set('content-type', `${FHIR_JSON}; charset=utf-8`);
    c.res = new Response(JSON.stringify(outcomeOfEnvelope(c.res.status, env)), { status: c.res.status, headers });
  });

  app.openapi(
    createRoute({
      method: 'get',
      path: '/fhir/metadata',
      tags,
      summary: 'CapabilityStatement (R4): what the order entry takes and how an app gets its token',
      ...access('public'),
      responses: { 200: answers[200] },
    }),
    (c) => {
      const base = linkOrigin(c);
      return fhirJson(c, capabilityStatement(base), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/fhir/ServiceRequest',
      tags,
      summary:
        "Places (201), changes or cancels (200: status revoked / entered-in-error) the order its placer identifier names, in the app's hospital; the patient contained; the modality a DICOM coding",
      ...appAccess('system/ServiceRequest.write'),
      request: fhirBody(FhirServiceRequestSchema),
      responses: answers,
    }),
    async (c) => {
      const caller = callerOf(c);
      try {
        const { order, created } = await placeOrder(c.var.deps, caller, c.req.valid('json'));
        if (created) c.header('Location', `${linkOrigin(c)}/fhir/ServiceRequest/${order.pk}`);
        return fhirJson(c, serviceRequestOf(order), created ? 201 : 200);
      } catch (e) {
        if (e instanceof Refusal) return refusalAnswer(c, e);
        throw e;
      }
    },
    invalidResource,
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/fhir/ServiceRequest/{id}',
      tags,
      summary: 'An order the app placed, as the platform holds it (status, accession number, study UID); others 404',
      ...appAccess('system/ServiceRequest.write'),
      request: { params: FhirIdParamSchema },
      responses: {
        200: answers[200],
        401: answers[401],
        404: { description: 'OperationOutcome: not an order of this app' },
      },
    }),
    async (c) => {
      const caller = callerOf(c);
      const { id } = c.req.valid('param');
      const order = /^\d{1,15}$/.test(id) ? await readOrder(c.var.deps.db, caller, Number(id)) : null;
      if (!order) throw new AppError(404, 'NOT_FOUND', 'notFound');
      return fhirJson(c, serviceRequestOf(order), 200);
    },
    invalidResource,
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/fhir/Patient',
      tags,
      summary:
        "Updates the patient's details on every live study of that patient id in the app's hospital (as ADT^A08); audited reports keep theirs",
      ...appAccess('system/Patient.write'),
      request: fhirBody(FhirPatientSchema),
      responses: answers,
    }),
    async (c) => {
      const caller = callerOf(c);
      try {
        const r = await updatePatient(c.var.deps, caller, c.req.valid('json'));
        const text = `patient ${r.patient_id}: ${r.studies} studies updated`;
        return fhirJson(c, operationOutcome('informational', [{ diagnostics: text }]), 200);
      } catch (e) {
        if (e instanceof Refusal) return refusalAnswer(c, e);
        throw e;
      }
    },
    invalidResource,
  );
  return app;
}
