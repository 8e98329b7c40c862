import { describe, expect, it } from 'vitest';
import { FhirServiceRequestSchema } from '@shared/schemas/fhir-order';
import { DCM, DICOM_UID, serviceRequestEvent } from './fhir-map';
import { Refusal } from './hl7-map';

const patient = (name: object, extra: object = {}) => ({
  resourceType: 'Patient',
  id: 'p',
  identifier: [
    { system: 'urn:rxpacs:hospital:H001:patient-id', value: 'P9' },
    { system: 'urn:rxpacs:hospital:H001:card-no', value: 'C9' },
  ],
  name: [name],
  ...extra,
});
const request = (o: object = {}, p: object = patient({ family: 'Smith', given: ['Jane', 'A'] })) =>
  FhirServiceRequestSchema.parse({
    resourceType: 'ServiceRequest',
    contained: [p],
    identifier: [{ value: 'PL-1' }, { system: DICOM_UID, value: 'urn:oid:1.2.826.0.1.3680043.10.1.7' }],
    status: 'active',
    intent: 'order',
    code: { coding: [{ system: DCM, code: 'us' }], text: 'Abdominal US' },
    subject: { reference: '#p' },
    ...o,
  });

const refusal = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    if (e instanceof Refusal) return e.message;
    throw e;
  }
  throw new Error('taken');
};

describe('ServiceRequest as an order event', () => {
  it('reads the placer (first identifier), the study UID, the modality of a DCM coding, our own patient systems', () => {
    const e = serviceRequestEvent(request());
    expect(e).toMatchObject({ kind: 'order', action: 'new' });
    expect(e.order).toMatchObject({
      placer_no: 'PL-1',
      study_iuid: '1.2.826.0.1.3680043.10.1.7',
      modality: 'US',
      study_desc: 'Abdominal US',
      patient: { id: 'P9', card_no: 'C9', name: 'Smith Jane A', sex: '', birth_date: '' },
      patient_type: null,
    });
  });

  it('writes a Chinese name family then given, no space; a text name as written; a year-only birth date gives none', () => {
    expect(serviceRequestEvent(request({}, patient({ family: '欧阳', given: ['娜娜'] }))).order.patient.name).toBe(
      '欧阳娜娜',
    );
    const p = patient({ text: '李 四', family: 'x' }, { birthDate: '1980' });
    expect(serviceRequestEvent(request({}, p)).order.patient).toMatchObject({ name: '李 四', birth_date: '' });
  });

  it('cancels on revoked and entered-in-error; other statuses, a time without its zone and no patient are refused', () => {
    expect(serviceRequestEvent(request({ status: 'entered-in-error', code: undefined })).action).toBe('cancel');
    expect(refusal(() => serviceRequestEvent(request({ status: 'completed' })))).toMatch(
      /status completed is not taken/,
    );
    expect(refusal(() => serviceRequestEvent(request({ occurrenceDateTime: '2026-12-01T09:30:00' })))).toMatch(
      /not a FHIR dateTime/,
    );
    expect(serviceRequestEvent(request({ occurrenceDateTime: '2026-12-01' })).order.scheduled_at).toBe(
      new Date('2026-12-01').toISOString(),
    );
    expect(refusal(() => serviceRequestEvent(request({ subject: { reference: '#nobody' } })))).toMatch(
      /no contained resource #nobody/,
    );
    expect(refusal(() => serviceRequestEvent(request({}, patient({}))))).toMatch(/Patient.name is empty/);
  });
});
