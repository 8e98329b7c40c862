import type { Context } from 'hono';
import type { HisOrderData } from '@shared/schemas/his';
import { FHIR_JSON } from '@shared/schemas/fhir-order';
import { ORDER_SCOPES } from '@shared/schemas/oauth';
import { withoutEmpty } from '../../platform/core/fhir-json';
import { HL7_ERROR } from './hl7-ack';
import type { Refusal } from './hl7-map';
import { DCM, DICOM_UID, ID_TYPE } from './fhir-map';

/** The FHIR answers of the order entry: the ServiceRequest as the platform holds it, and OperationOutcome. */

export interface OrderView {
  pk: number;
  status: string;
  placer_no: string;
  accession_no: string;
  data: Record<string, unknown>;
  updated_at: Date;
  study_iuid: string | null;
}

/** his_order.status as ServiceRequest.status. */
const STATUS: Record<string, string> = { scheduled: 'active', cancelled: 'revoked', held: 'on-hold' };

const idType = (code: string) => ({ coding: [{ system: ID_TYPE, code }] });

/** The order as a ServiceRequest: its id, the accession number the platform gave, the study's UID. */
export function serviceRequestOf(o: OrderView) {
  const d = o.data as unknown as Partial<HisOrderData>;
  return withoutEmpty({
    resourceType: 'ServiceRequest',
    id: String(o.pk),
    meta: { lastUpdated: o.updated_at.toISOString() },
    identifier: [
      { type: idType('PLAC'), value: o.placer_no },
      { type: idType('ACSN'), value: o.accession_no },
      o.study_iuid ? { system: DICOM_UID, value: `urn:oid:${o.study_iuid}` } : null,
    ],
    status: STATUS[o.status] ?? 'unknown',
    intent: 'order',
    code: {
      coding: [
        d.modality ? { system: DCM, code: d.modality } : null,
        d.procedure_code ? { code: d.procedure_code, display: d.study_desc } : null,
      ],
      text: d.study_desc,
    },
    subject: { identifier: { value: d.patient?.id }, display: d.patient?.name },
    occurrenceDateTime: d.scheduled_at,
    requester: { display: d.sq_doctor },
  });
}

export type IssueCode =
  | 'invalid'
  | 'required'
  | 'value'
  | 'code-invalid'
  | 'business-rule'
  | 'login'
  | 'forbidden'
  | 'not-found'
  | 'too-costly'
  | 'throttled'
  | 'exception'
  | 'informational';

/** An OperationOutcome of one issue per text (R4 3.1.0.6). */
export function operationOutcome(code: IssueCode, texts: { diagnostics: string; expression?: string }[]) {
  return withoutEmpty({
    resourceType: 'OperationOutcome',
    issue: texts.map((t) => ({
      severity: code === 'informational' ? 'information' : 'error',
      code,
      diagnostics: t.diagnostics,
      expression: t.expression ? [t.expression] : null,
    })),
  });
}

export function fhirJson(
  c: Context,
  body: unknown,
  status: 200 | 201 | 400 | 401 | 403 | 404 | 413 | 422 | 429 | 500,
): Response {
  return c.body(JSON.stringify(body), status, { 'content-type': `${FHIR_JSON}; charset=utf-8` });
}

/** What a Refusal is in FHIR: a malformed or missing element 400, a business rule 422. */
export function refusalAnswer(c: Context, e: Refusal) {
  const error = e.answer.error;
  const [status, code]: [400 | 422, IssueCode] =
    error === HL7_ERROR.requiredField
      ? [400, 'required']
      : error === HL7_ERROR.dataType
        ? [400, 'value']
        : error === HL7_ERROR.tableValue
          ? [400, 'code-invalid']
          : [422, 'business-rule'];
  return fhirJson(c, operationOutcome(code, [{ diagnostics: e.message }]), status);
}

const ISSUE_OF_STATUS: Record<number, IssueCode> = {
  400: 'invalid',
  401: 'login',
  403: 'forbidden',
  404: 'not-found',
  413: 'too-costly',
  422: 'business-rule',
  429: 'throttled',
};

/**
 * The platform's error envelope (validation, authentication, limits, any thrown error) as an
 * OperationOutcome: the same status, the message in the caller's language, the fields as expressions.
 */
export function outcomeOfEnvelope(status: number, env: { msg?: string; errors?: { field: string; msg: string }[] }) {
  const code = ISSUE_OF_STATUS[status] ?? (status >= 500 ? 'exception' : 'invalid');
  const fields = env.errors?.length ? env.errors : null;
  return operationOutcome(
    code,
    fields
      ? fields.map((f) => ({ diagnostics: f.msg, ...(f.field === '(body)' ? {} : { expression: f.field }) }))
      : [{ diagnostics: env.msg ?? String(status) }],
  );
}

/** GET /fhir/metadata: what the order entry takes and where an app gets its token. */
export function capabilityStatement(base: string) {
  return {
    resourceType: 'CapabilityStatement',
    status: 'active',
    date: '2026-11-29',
    kind: 'instance',
    fhirVersion: '4.0.1',
    format: ['json'],
    implementation: { description: 'rxpacs order entry', url: `${base}/fhir` },
    rest: [
      {
        mode: 'server',
        security: {
          service: [
            { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/restful-security-service', code: 'OAuth' }] },
          ],
          description: `OAuth 2.0 client credentials at ${base}/oauth/token, scopes ${ORDER_SCOPES.join(' ')}`,
        },
        resource: [
          { type: 'ServiceRequest', interaction: [{ code: 'create' }, { code: 'read' }] },
          { type: 'Patient', interaction: [{ code: 'create' }] },
        ],
      },
    ],
  };
}
