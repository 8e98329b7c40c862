import type { z } from 'zod';
import {
  FhirEncounterSchema,
  FhirPatientSchema,
  type FhirPatient,
  type FhirServiceRequest,
} from '@shared/schemas/fhir-order';
import type { HisOrderData, HisPatient } from '@shared/schemas/his';
import { HL7_ERROR } from './hl7-ack';
import { Refusal, type HisEvent } from './hl7-map';

/**
 * FHIR R4 order entry mapped to the same events as HL7 v2 (docs/his.md): a ServiceRequest places, changes
 * or cancels an order; a Patient updates the patient's details. What cannot be taken is a Refusal, as for
 * HL7, which the routes answer as an OperationOutcome.
 */

export const DCM = 'http://dicom.nema.org/resources/ontology/DCM';
/** HL7 v2 table 0203 (identifier type) as FHIR names it. */
export const ID_TYPE = 'http://terminology.hl7.org/CodeSystem/v2-0203';
/** A DICOM UID as a FHIR identifier (R4 ImagingStudy): system urn:dicom:uid, value urn:oid:<uid>. */
export const DICOM_UID = 'urn:dicom:uid';

type Identifier = NonNullable<FhirServiceRequest['identifier']>[number];

const invalid = (text: string) => new Refusal({ code: 'AE', error: HL7_ERROR.dataType, text });
const missing = (what: string) => new Refusal({ code: 'AE', error: HL7_ERROR.requiredField, text: `${what} is empty` });
const cut = (s: string | undefined, n: number) => (s ?? '').trim().slice(0, n);
const CJK = /[\u3400-\u9fff]/u;

const typed = (ids: Identifier[], code: string) =>
  ids.find((i) => i.value?.trim() && i.type?.coding?.some((c) => c.code?.toUpperCase() === code));
/** Our own systems (the DiagnosticReport's patient identifiers) name the kind at the end. */
const bySystem = (ids: Identifier[], suffix: string) => ids.find((i) => i.value?.trim() && i.system?.endsWith(suffix));

function nameOf(p: FhirPatient): string {
  const n = p.name?.[0];
  if (!n) return '';
  if (n.text?.trim()) return cut(n.text, 64);
  const given = n.given ?? [];
  // A Chinese name is written family then given without a space; others "Family Given" as HL7's are shown.
  return cut(
    CJK.test(n.family ?? '') ? (n.family ?? '') + given.join('') : [n.family, ...given].filter(Boolean).join(' '),
    64,
  );
}

const SEX: Record<string, HisPatient['sex']> = { male: 'M', female: 'F', other: 'O' };

export function patientOf(p: FhirPatient): HisPatient {
  const ids = p.identifier;
  const id = cut((typed(ids, 'MR') ?? bySystem(ids, ':patient-id') ?? ids.find((i) => i.value?.trim()))?.value, 64);
  if (!id) throw missing('Patient.identifier (patient id)');
  const name = nameOf(p);
  if (!name) throw missing('Patient.name');
  return {
    id,
    name,
    sex: SEX[p.gender ?? ''] ?? '',
    // Only a whole date gives an age; a year alone is left out.
    birth_date: p.birthDate?.length === 10 ? p.birthDate.replaceAll('-', '') : '',
    phone: cut(p.telecom?.find((t) => t.system === 'phone' && t.value)?.value, 32),
    card_no: cut((typed(ids, 'MC') ?? bySystem(ids, ':card-no'))?.value, 64),
  };
}

/** A contained resource a '#id' reference names, parsed with its schema. */
function containedOf<T>(r: FhirServiceRequest, ref: string | undefined, what: string, schema: z.ZodType<T>): T | null {
  if (!ref?.startsWith('#')) return null;
  const found = r.contained?.find((c) => c.id === ref.slice(1));
  if (!found) throw invalid(`${what}: no contained resource ${ref}`);
  const parsed = schema.safeParse(found);
  if (!parsed.success) {
    const i = parsed.error.issues[0]!;
    throw invalid(`${what} ${ref}: ${i.path.join('.') || '(resource)'}: ${i.message}`);
  }
  return parsed.data;
}

/** Encounter.class (v3 ActCode) as the platform's patient type: 1 outpatient, 2 inpatient, 3 emergency. */
const CLASS: Record<string, number> = {
  AMB: 1,
  OBSENC: 1,
  IMP: 2,
  ACUTE: 2,
  NONAC: 2,
  SS: 2,
  EMER: 3,
  PRENC: 6,
  VR: 6,
  HH: 6,
  FLD: 6,
};

function visitOf(r: FhirServiceRequest) {
  const e = containedOf(r, r.encounter?.reference, 'ServiceRequest.encounter', FhirEncounterSchema);
  const cls = e?.class?.code?.toUpperCase() ?? '';
  return {
    patient_type: cls ? (CLASS[cls] ?? 6) : null,
    department: cut(e?.serviceProvider?.display, 64),
    bed_no: cut(e?.location?.[0]?.location.display, 32),
  };
}

/** The DICOM modality: a DCM coding of the code or of a category. */
function modalityOf(r: FhirServiceRequest): string {
  const codings = [...(r.code?.coding ?? []), ...(r.category ?? []).flatMap((c) => c.coding ?? [])];
  return cut(codings.find((c) => c.system === DCM && /^[A-Za-z0-9]{1,16}$/.test(c.code ?? ''))?.code, 16).toUpperCase();
}

function scheduledOf(r: FhirServiceRequest): string {
  const raw = r.occurrenceDateTime?.trim();
  if (!raw) return '';
  // R4 dateTime: a time needs its zone; a date alone is that day.
  if (!/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?$/.test(raw))
    throw invalid(`ServiceRequest.occurrenceDateTime is not a FHIR dateTime: ${raw}`);
  const at = new Date(raw);
  if (Number.isNaN(at.getTime())) throw invalid(`ServiceRequest.occurrenceDateTime is not a date: ${raw}`);
  return at.toISOString();
}

/** What a ServiceRequest's status asks: active/draft/on-hold place or change it, revoked/entered-in-error cancel it. */
function actionOf(status: FhirServiceRequest['status']): 'new' | 'cancel' {
  if (status === 'active' || status === 'draft' || status === 'on-hold') return 'new';
  if (status === 'revoked' || status === 'entered-in-error') return 'cancel';
  throw new Refusal({
    code: 'AE',
    error: HL7_ERROR.tableValue,
    text: `ServiceRequest.status ${status} is not taken (active, draft, on-hold, revoked or entered-in-error)`,
  });
}

/** The order's placer number: the PLAC identifier, else the first. */
export function placerOf(r: FhirServiceRequest): string {
  return cut((typed(r.identifier, 'PLAC') ?? r.identifier.find((i) => i.value?.trim()))?.value, 64);
}

/**
 * A ServiceRequest as an order event. The order is known by its placer identifier: the same one sent again
 * with new details changes it (as HL7's XO), with status revoked or entered-in-error cancels it.
 */
export function serviceRequestEvent(r: FhirServiceRequest): Extract<HisEvent, { kind: 'order' }> {
  const action = actionOf(r.status);
  const placer = placerOf(r);
  if (!placer) throw missing('ServiceRequest.identifier (placer order number)');
  const contained = containedOf(r, r.subject.reference, 'ServiceRequest.subject', FhirPatientSchema);
  if (!contained) throw invalid('ServiceRequest.subject: a contained Patient (#id) is required');
  const modality = modalityOf(r);
  if (action !== 'cancel' && !modality) throw missing(`ServiceRequest.code / category (a ${DCM} modality)`);
  const procedure = r.code?.coding?.find((c) => c.system !== DCM && c.code);
  const uid = r.identifier.find((i) => i.system === DICOM_UID)?.value?.replace(/^urn:oid:/, '') ?? '';
  const reason = r.reasonCode?.[0];
  const order: HisOrderData = {
    placer_no: placer,
    accession_no: cut(typed(r.identifier, 'ACSN')?.value, 64),
    study_iuid: cut(uid, 64),
    patient: patientOf(contained),
    ...visitOf(r),
    modality,
    procedure_code: cut(procedure?.code, 64),
    study_desc: cut(r.code?.text || procedure?.display || procedure?.code, 512),
    scheduled_at: action === 'cancel' ? '' : scheduledOf(r),
    sq_doctor: cut(r.requester?.display, 64),
    diagnosis: cut(reason?.text || reason?.coding?.[0]?.display, 1024),
    price: '',
  };
  return { kind: 'order', action, order };
}

/** A Patient as a patient update (ADT^A08's event). */
export function patientEvent(p: FhirPatient): HisEvent {
  return { kind: 'patient', patient: patientOf(p), visit: { patient_type: null, department: '', bed_no: '' } };
}
