import { z } from 'zod';

/**
 * FHIR R4 order entry (docs/his.md): the elements of ServiceRequest, Patient and a contained Encounter the
 * platform reads, each bounded. Other elements a HIS sends are allowed (FHIR resources carry many) and left
 * unread; a resource's JSON stays within the route's body limit.
 */

/** A FHIR id (R4 2.24.0.1). */
export const FHIR_ID_RE = /^[A-Za-z0-9\-.]{1,64}$/;
export const FHIR_JSON = 'application/fhir+json';

const text = (max: number) => z.string().max(max);
const many = <T extends z.ZodType>(item: T, max: number) => z.array(item).max(max);

export const CodingSchema = z.looseObject({
  system: text(256).optional(),
  code: text(64).optional(),
  display: text(256).optional(),
});
export const CodeableConceptSchema = z.looseObject({
  coding: many(CodingSchema, 20).optional(),
  text: text(512).optional(),
});
export const IdentifierSchema = z.looseObject({
  system: text(256).optional(),
  value: text(128).optional(),
  type: CodeableConceptSchema.optional(),
});
export const ReferenceSchema = z.looseObject({
  reference: text(256).optional(),
  identifier: IdentifierSchema.optional(),
  display: text(128).optional(),
});

const HumanNameSchema = z.looseObject({
  text: text(128).optional(),
  family: text(64).optional(),
  given: many(text(64), 5).optional(),
});

export const FhirPatientSchema = z.looseObject({
  resourceType: z.literal('Patient'),
  id: z.string().regex(FHIR_ID_RE).optional(),
  identifier: many(IdentifierSchema, 10).min(1),
  name: many(HumanNameSchema, 5).optional(),
  gender: z.enum(['male', 'female', 'other', 'unknown']).optional(),
  /** R4 date: YYYY, YYYY-MM or YYYY-MM-DD. */
  birthDate: z
    .string()
    .regex(/^\d{4}(-\d{2}(-\d{2})?)?$/)
    .optional(),
  telecom: many(z.looseObject({ system: text(32).optional(), value: text(64).optional() }), 10).optional(),
});
export type FhirPatient = z.output<typeof FhirPatientSchema>;

export const FhirEncounterSchema = z.looseObject({
  resourceType: z.literal('Encounter'),
  id: z.string().regex(FHIR_ID_RE).optional(),
  class: CodingSchema.optional(),
  serviceProvider: ReferenceSchema.optional(),
  location: many(z.looseObject({ location: ReferenceSchema }), 5).optional(),
});
export type FhirEncounter = z.output<typeof FhirEncounterSchema>;

/** ServiceRequest.status values (R4 request-status). */
export const SERVICE_REQUEST_STATUSES = [
  'draft',
  'active',
  'on-hold',
  'revoked',
  'completed',
  'entered-in-error',
  'unknown',
] as const;

export const FhirServiceRequestSchema = z.looseObject({
  resourceType: z.literal('ServiceRequest'),
  id: z.string().regex(FHIR_ID_RE).optional(),
  /** Resources referenced as '#id': the Patient (required) and an Encounter (optional); others are left unread. */
  contained: many(z.looseObject({ resourceType: text(64), id: text(64).optional() }), 10).optional(),
  identifier: many(IdentifierSchema, 10).min(1),
  status: z.enum(SERVICE_REQUEST_STATUSES),
  intent: text(32),
  category: many(CodeableConceptSchema, 10).optional(),
  code: CodeableConceptSchema.optional(),
  subject: ReferenceSchema,
  encounter: ReferenceSchema.optional(),
  occurrenceDateTime: text(40).optional(),
  requester: ReferenceSchema.optional(),
  reasonCode: many(CodeableConceptSchema, 10).optional(),
});
export type FhirServiceRequest = z.output<typeof FhirServiceRequestSchema>;

/** GET /fhir/ServiceRequest/{id}. */
export const FhirIdParamSchema = z.strictObject({ id: z.string().regex(FHIR_ID_RE) });
