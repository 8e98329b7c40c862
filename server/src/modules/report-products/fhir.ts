import { createHash } from 'node:crypto';
import { withoutEmpty } from '../../platform/core/fhir-json';

/** Identifier system of the reports this platform sends; the value is `<rpt_pk>-<version pk>`. */
export const REPORT_ID_SYSTEM = 'urn:rxpacs:report';
const DCM = 'http://dicom.nema.org/resources/ontology/DCM';

export interface ReportFacts {
  rpt_pk: number;
  version_pk: number;
  hospital_code: string;
  study_iuid: string;
  accession_no: string;
  patient_id: string;
  card_no: string;
  patient_name: string;
  patient_sex: string;
  modality: string;
  study_desc: string;
  study_datetime: Date;
  audited_at: Date;
  report_doctor: string;
  sh_doctor: string;
  opinion: string;
  /** The addenda after the audit up to this version, as text (report addendumText), oldest first. */
  addenda: string[];
  /** The archived PDF; a withdrawal goes without it when it cannot be read. */
  pdf: Buffer | null;
}

/**
 * DiagnosticReport.status as sent: `final` for an audit, `amended` for a re-audit of a report whose earlier
 * audit was delivered, `entered-in-error` when the audit is withdrawn (cancelled after delivery).
 */
export type ReportStatus = 'final' | 'amended' | 'entered-in-error';

const GENDER: Record<string, string> = { M: 'male', F: 'female', O: 'other' };

/** The audited report as a FHIR R4 DiagnosticReport; the patient is contained, with the hospital's identifiers. */
export function diagnosticReport(f: ReportFacts, status: ReportStatus = 'final') {
  return withoutEmpty(reportResource(f, status));
}

function reportResource(f: ReportFacts, status: ReportStatus) {
  const patientIds = [
    { system: `urn:rxpacs:hospital:${f.hospital_code}:patient-id`, value: f.patient_id },
    { system: `urn:rxpacs:hospital:${f.hospital_code}:card-no`, value: f.card_no },
  ].filter((i) => i.value);
  return {
    resourceType: 'DiagnosticReport',
    contained: [
      {
        resourceType: 'Patient',
        id: 'patient',
        identifier: patientIds,
        name: [{ text: f.patient_name }],
        gender: GENDER[f.patient_sex] ?? 'unknown',
      },
    ],
    identifier: [{ system: REPORT_ID_SYSTEM, value: reportIdentifier(f) }],
    status,
    category: [
      { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v2-0074', code: 'RAD', display: 'Radiology' }] },
    ],
    code: {
      coding: [{ system: DCM, code: f.modality || 'OT' }],
      text: f.study_desc || f.modality,
    },
    subject: {
      reference: '#patient',
      ...(patientIds[0] ? { identifier: patientIds[0] } : {}),
      display: f.patient_name,
    },
    effectiveDateTime: f.study_datetime.toISOString(),
    issued: f.audited_at.toISOString(),
    performer: f.report_doctor ? [{ display: f.report_doctor }] : [],
    resultsInterpreter: f.sh_doctor ? [{ display: f.sh_doctor }] : [],
    extension: [
      { url: 'urn:rxpacs:study-instance-uid', valueOid: `urn:oid:${f.study_iuid}` },
      ...(f.accession_no ? [{ url: 'urn:rxpacs:accession-number', valueString: f.accession_no }] : []),
    ],
    // An amended report carries the original impression and every addendum, as its PDF does.
    conclusion: [f.opinion, ...f.addenda].join('\n\n'),
    ...(f.pdf
      ? {
          presentedForm: [
            {
              contentType: 'application/pdf',
              data: f.pdf.toString('base64'),
              size: f.pdf.length,
              hash: createHash('sha1').update(f.pdf).digest('base64'),
              title: `${f.patient_name} ${f.modality} ${f.study_desc}`.trim(),
              creation: f.audited_at.toISOString(),
            },
          ],
        }
      : {}),
  };
}

export const reportIdentifier = (f: Pick<ReportFacts, 'rpt_pk' | 'version_pk'>) => `${f.rpt_pk}-${f.version_pk}`;

/** `<system>|<value>`, the FHIR token search of the report's identifier (If-None-Exist, conditional update). */
export const identifierToken = (f: Pick<ReportFacts, 'rpt_pk' | 'version_pk'>) =>
  `${REPORT_ID_SYSTEM}|${reportIdentifier(f)}`;
