import {
  REPORT_SIGNATURE_CONTEXT,
  reportDocumentText,
  type ReportSignatureDocument,
  type SignatureRole,
} from '@shared/report/signature';
import type { SaveReport } from '@shared/schemas/report';
import type { Db } from '../../platform/db/client';
import { layoutFor } from '../../platform/db/layout-versions';
import type { ReportRow, StudyRecord } from './repo';

/** The report's content a signature covers: what the write leaves in the row, or what the row holds now. */
export type SignedContent = Pick<
  ReportRow,
  'report_text1' | 'report_text2' | 'rpt_good_status' | 'image_quality' | 'rpt_detail'
> & { study_desc: string };

/** The content a save or audit with `input` writes over report `r` (as write-specs.ts `fromInput` does). */
export const contentAfterWrite = (r: ReportRow, input: SaveReport): SignedContent => ({
  report_text1: input.report_text1,
  report_text2: input.report_text2,
  rpt_good_status: input.rpt_good_status ?? null,
  image_quality: input.image_quality ?? r.image_quality,
  rpt_detail: input.rpt_detail === undefined ? r.rpt_detail : input.rpt_detail,
  study_desc: input.study_desc.trim(),
});

/** The content stored now, for checking an old signature against today's report. */
export const contentNow = (r: ReportRow, s: StudyRecord): SignedContent => ({
  report_text1: r.report_text1,
  report_text2: r.report_text2,
  rpt_good_status: r.rpt_good_status,
  image_quality: r.image_quality,
  rpt_detail: r.rpt_detail,
  study_desc: s.study_desc,
});

export interface DocumentParts {
  role: SignatureRole;
  signedAt: Date;
  signer: { username: string; name: string };
  certSha256: string;
  study: StudyRecord;
  rptPosition: number;
  baseVersion: number;
  content: SignedContent;
}

/** The canonical document (shared/src/report/signature.ts) of a signed write, as text. */
export async function buildDocument(db: Db, p: DocumentParts): Promise<string> {
  const s = p.study;
  const layout = await layoutFor(db, s.hospital_code, s.modality, p.signedAt);
  const doc: ReportSignatureDocument = {
    context: REPORT_SIGNATURE_CONTEXT,
    role: p.role,
    signed_at: p.signedAt.toISOString(),
    signer: { username: p.signer.username, name: p.signer.name, certificate_sha256: p.certSha256 },
    study: {
      study_iuid: s.study_iuid,
      accession_no: s.accession_no,
      patient_id: s.patient_id,
      patient_name: s.patient_name,
      patient_sex: s.patient_sex,
      modality: s.modality,
      study_datetime: s.study_datetime.toISOString(),
      hospital_code: s.hospital_code,
    },
    report: {
      rpt_position: p.rptPosition,
      base_version: p.baseVersion,
      study_desc: p.content.study_desc,
      rpt_good_status: p.content.rpt_good_status,
      image_quality: p.content.image_quality,
      report_text1: p.content.report_text1,
      report_text2: p.content.report_text2,
      rpt_detail: p.content.rpt_detail ?? null,
    },
    layout: layout ? { pk: layout.pk, version: layout.version } : null,
  };
  return reportDocumentText(doc);
}
