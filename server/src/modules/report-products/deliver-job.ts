import { and, eq, lt } from 'drizzle-orm';
import type { AppDeps } from '../../platform/context';
import { report, reportJob, reportVersion, study } from '../../platform/db/schema';
import { OutboundRefused, OutboundUnresolved, outboundPolicy } from '../../platform/core/outbound';
import { OutboundHttpError, outboundRequest } from '../../platform/core/outbound-http';
import { ArchiveCorrupt, readArchive } from './archive-store';
import { endpointFor } from './endpoint';
import { diagnosticReport, identifierToken, type ReportFacts, type ReportStatus } from './fhir';
import { versionOf, type JobRow, type Outcome } from './jobs';
import { addendaUpTo, addendumText } from '../report';

const SEND_TIMEOUT_MS = 20_000;

async function factsOf(deps: AppDeps, job: JobRow): Promise<Omit<ReportFacts, 'pdf'> & { sha: string | null }> {
  const [row] = await deps.db
    .select({ s: study, r: report, v: reportVersion })
    .from(reportVersion)
    .innerJoin(report, eq(report.rpt_pk, reportVersion.rpt_pk))
    .innerJoin(study, eq(study.pk, report.study_pk))
    .where(eq(reportVersion.pk, versionOf(job)));
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
    addenda: (await addendaUpTo(deps.db, r.rpt_pk, v.pk)).map(addendumText),
    sha: v.pdf_sha256,
  };
}

/** Connection errors that mean nothing was sent. */
const NEVER_CONNECTED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

/**
 * One request to the endpoint, through the outbound policy (a refused or unresolved address is a failed
 * attempt that never left), redirects not followed: any 2xx ends the job; no answer at all is `unanswered`.
 */
async function send(
  deps: AppDeps,
  endpoint: URL,
  method: 'POST' | 'PUT',
  headers: Record<string, string>,
  body: string,
): Promise<Outcome> {
  try {
    const res = await outboundRequest(outboundPolicy(deps.env), endpoint, {
      method,
      headers: { 'content-type': 'application/fhir+json', accept: 'application/fhir+json', ...headers },
      body,
      timeoutMs: SEND_TIMEOUT_MS,
      maxBytes: 0,
    });
    const ok = res.status >= 200 && res.status <= 299;
    return ok ? { done: true as const } : { retry: `HTTP ${res.status} ${res.statusText}`.trim() };
  } catch (e) {
    if (e instanceof OutboundRefused) return { retry: `address not allowed (${e.reason})` };
    if (e instanceof OutboundUnresolved) return { retry: e.code };
    const code = e instanceof OutboundHttpError ? e.code : 'error';
    // Refused or unreachable: the request never left; anything else may have reached the receiver.
    return { retry: code, unanswered: !NEVER_CONNECTED.has(code) };
  }
}

/** Whether the audit's withdrawal is queued (it was cancelled). */
async function withdrawn(deps: AppDeps, job: JobRow): Promise<boolean> {
  const [row] = await deps.db
    .select({ pk: reportJob.pk })
    .from(reportJob)
    .where(and(eq(reportJob.kind, 'withdraw'), eq(reportJob.version_pk, versionOf(job))));
  return !!row;
}

/** Whether an earlier audit of the same report was delivered: then this one is `amended`. */
async function earlierDelivered(deps: AppDeps, job: JobRow): Promise<boolean> {
  const [row] = await deps.db
    .select({ pk: reportJob.pk })
    .from(reportJob)
    .where(
      and(
        eq(reportJob.rpt_pk, job.rpt_pk),
        eq(reportJob.kind, 'deliver'),
        eq(reportJob.state, 'done'),
        lt(reportJob.version_pk, versionOf(job)),
      ),
    )
    .limit(1);
  return !!row;
}

/** The archived PDF, or the failed attempt it makes when the store lost it or it no longer matches its hash. */
async function archived(deps: AppDeps, sha: string): Promise<Buffer | Outcome> {
  try {
    return (await readArchive(deps.images, sha)) ?? { retry: 'archived PDF missing from the store' };
  } catch (e) {
    if (e instanceof ArchiveCorrupt) return { retry: 'archived PDF does not match its SHA-256' };
    throw e;
  }
}

/**
 * POSTs the DiagnosticReport (application/fhir+json) to the hospital's endpoint. A 2xx ends the job; the
 * identifier (report pk + version) with If-None-Exist lets the receiver drop a repeat after a lost answer.
 * `amended` when an earlier audit of the report was delivered (a re-audit after cancel-audit), else `final`.
 * With no PDF yet (the delivery was released by REPORT_DELIVERY_PDF_WAIT_MS, late-delivery.ts) it goes
 * without presentedForm (0..* in FHIR R4); the PDF follows as a re-send ('deliver_pdf') once made.
 */
export async function runDelivery(deps: AppDeps, job: JobRow): Promise<Outcome> {
  const facts = await factsOf(deps, job);
  const endpoint = await endpointFor(deps.db, facts.hospital_code);
  if (!endpoint) return { superseded: 'no endpoint configured' };
  // Claimed again after a lost lease, with the audit cancelled meanwhile: the withdrawal follows instead.
  if (await withdrawn(deps, job)) return { superseded: 'audit cancelled' };
  const pdf = facts.sha ? await archived(deps, facts.sha) : null;
  if (pdf && !Buffer.isBuffer(pdf)) return pdf;
  const status: ReportStatus = (await earlierDelivered(deps, job)) ? 'amended' : 'final';
  const body = JSON.stringify(diagnosticReport({ ...facts, pdf }, status));
  return send(deps, endpoint, 'POST', { 'if-none-exist': `identifier=${identifierToken(facts)}` }, body);
}

/**
 * Sends a delivery that went without its PDF again, with it: the same DiagnosticReport (same identifier, status
 * as the delivery had) as a FHIR conditional update (`PUT <endpoint>?identifier=...`), so the receiver replaces
 * the report it holds. Runs only once the delivery is no longer pending (claimDue); superseded when the audit was
 * cancelled (its withdrawal follows) or the delivery never went.
 */
export async function runResend(deps: AppDeps, job: JobRow): Promise<Outcome> {
  const facts = await factsOf(deps, job);
  const endpoint = await endpointFor(deps.db, facts.hospital_code);
  if (!endpoint) return { superseded: 'no endpoint configured' };
  if (await withdrawn(deps, job)) return { superseded: 'audit cancelled' };
  const [delivery] = await deps.db
    .select({ state: reportJob.state })
    .from(reportJob)
    .where(and(eq(reportJob.kind, 'deliver'), eq(reportJob.version_pk, versionOf(job))));
  if (delivery?.state !== 'done') return { superseded: 'the delivery did not go' };
  if (!facts.sha) return { superseded: 'no archived PDF' };
  const pdf = await archived(deps, facts.sha);
  if (!Buffer.isBuffer(pdf)) return pdf;
  const status: ReportStatus = (await earlierDelivered(deps, job)) ? 'amended' : 'final';
  const body = JSON.stringify(diagnosticReport({ ...facts, pdf }, status));
  const url = new URL(endpoint);
  url.searchParams.set('identifier', identifierToken(facts));
  return send(deps, url, 'PUT', {}, body);
}

/**
 * Withdraws a delivered audit that was cancelled: the same DiagnosticReport with status `entered-in-error`,
 * as a FHIR conditional update (`PUT <endpoint>?identifier=<system>|<value>`), so the receiver replaces the
 * report it holds under that identifier (or records the withdrawal if it kept none). Runs only once the
 * audit's delivery is no longer pending (claimDue), so it always comes after that delivery's last request.
 * The PDF goes with it when it can be read; a withdrawal never waits for the archive.
 */
export async function runWithdrawal(deps: AppDeps, job: JobRow): Promise<Outcome> {
  const facts = await factsOf(deps, job);
  const endpoint = await endpointFor(deps.db, facts.hospital_code);
  if (!endpoint) return { superseded: 'no endpoint configured' };
  let pdf: Buffer | null = null;
  if (facts.sha) pdf = await readArchive(deps.images, facts.sha).catch(() => null);
  const body = JSON.stringify(diagnosticReport({ ...facts, pdf }, 'entered-in-error'));
  const url = new URL(endpoint);
  url.searchParams.set('identifier', identifierToken(facts));
  return send(deps, url, 'PUT', {}, body);
}
