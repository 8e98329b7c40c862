import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../context';
import { report, reportVersion, study } from '../../db/schema';
import { ArchiveCorrupt, readArchive } from './archive-store';
import { endpointFor } from './endpoint';
import { diagnosticReport, REPORT_ID_SYSTEM, reportIdentifier, type ReportFacts } from './fhir';
import type { JobRow, Outcome } from './jobs';

const SEND_TIMEOUT_MS = 20_000;

async function factsOf(deps: AppDeps, job: JobRow): Promise<Omit<ReportFacts, 'pdf'> & { sha: string | null }> {
  const [row] = await deps.db
    .select({ s: study, r: report, v: reportVersion })
    .from(reportVersion)
    .innerJoin(report, eq(report.rpt_pk, reportVersion.rpt_pk))
    .innerJoin(study, eq(study.pk, report.study_pk))
    .where(eq(reportVersion.pk, job.version_pk));
  if (!row) throw new Error('version gone');
  const { s, r, v } = row;
  const texts = v.texts as { report_text2?: string };
  return {
    rpt_pk: r.rpt_pk,
    version_pk: v.pk,
    hospital_code: s.hospital_code,
    study_iuid: s.study_iuid,
    accession_no: s.accession_no,
    patient_id: s.patient_id,
    card_no: s.card_no,
    patient_name: s.patient_name,
    patient_sex: s.patient_sex,
    modality: s.modality,
    study_desc: s.study_desc,
    study_datetime: s.study_datetime,
    audited_at: v.createtime,
    report_doctor: r.report_doctor,
    sh_doctor: r.sh_doctor,
    opinion: texts.report_text2 ?? '',
    sha: v.pdf_sha256,
  };
}

/**
 * POSTs the DiagnosticReport (application/fhir+json) to the hospital's endpoint. A 2xx ends the job; the
 * identifier (report pk + version) with If-None-Exist lets the receiver drop a repeat after a lost answer.
 */
export async function runDelivery(deps: AppDeps, job: JobRow): Promise<Outcome> {
  const facts = await factsOf(deps, job);
  const endpoint = await endpointFor(deps.db, facts.hospital_code);
  if (!endpoint) return { superseded: 'no endpoint configured' };
  if (!facts.sha) return { retry: 'no archived PDF' };
  let pdf: Buffer | null;
  try {
    pdf = await readArchive(deps.images, facts.sha);
  } catch (e) {
    if (e instanceof ArchiveCorrupt) return { retry: 'archived PDF does not match its SHA-256' };
    throw e;
  }
  if (!pdf) return { retry: 'archived PDF missing from the store' };
  const body = JSON.stringify(diagnosticReport({ ...facts, pdf }));
  try {
    const res = await fetch(endpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/fhir+json',
        accept: 'application/fhir+json',
        'if-none-exist': `identifier=${REPORT_ID_SYSTEM}|${reportIdentifier(facts)}`,
      },
      body,
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
    await res.body?.cancel().catch(() => undefined);
    return res.ok ? { done: true } : { retry: `HTTP ${res.status} ${res.statusText}`.trim() };
  } catch (e) {
    const cause = (e as { cause?: { code?: string } }).cause?.code;
    return { retry: cause ?? (e instanceof Error ? e.name : 'error') };
  }
}
