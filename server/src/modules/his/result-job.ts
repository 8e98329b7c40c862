import { and, asc, desc, eq, gt, lt } from 'drizzle-orm';
import type { HisOrderData } from '@shared/schemas/his';
import type { AppDeps } from '../../platform/context';
import { hisOrder, hl7Peer, report, reportJob, reportVersion, study } from '../../platform/db/schema';
import { OutboundRefused, OutboundUnresolved, outboundPolicy } from '../../platform/core/outbound';
import { versionOf, type JobRow, type Outcome } from '../report-products';
import { addendaUpTo, addendumText } from '../report';
import { decodeMessage, encodeMessage } from './charset';
import { parseHl7 } from './hl7-message';
import { MllpSendError, sendMllp } from './mllp-client';
import { buildOru, type ResultFacts, type ResultStatus } from './oru';

const SEND_TIMEOUT_MS = 20_000;

type Peer = typeof hl7Peer.$inferSelect;

/** Where the result goes: the interface that placed the order, else the hospital's first taking results. */
async function destinationOf(deps: AppDeps, hospitalCode: string, orderPeer: number | null): Promise<Peer | null> {
  const rows = await deps.db
    .select()
    .from(hl7Peer)
    .where(and(eq(hl7Peer.hospital_code, hospitalCode), eq(hl7Peer.status, 1), gt(hl7Peer.result_port, 0)))
    .orderBy(asc(hl7Peer.pk));
  return rows.find((p) => p.pk === orderPeer) ?? rows[0] ?? null;
}

/** What every result tells of the study, its order and the report's doctors, and the interface it goes to. */
export async function orderFactsOf(deps: AppDeps, s: typeof study.$inferSelect, r: typeof report.$inferSelect) {
  const [order] = await deps.db
    .select()
    .from(hisOrder)
    .where(eq(hisOrder.study_pk, s.pk))
    .orderBy(desc(hisOrder.updated_at))
    .limit(1);
  const peer = await destinationOf(deps, s.hospital_code, order?.peer_pk ?? null);
  const data = (order?.data ?? {}) as Partial<HisOrderData>;
  const facts = {
    hospital_code: s.hospital_code,
    placer_no: order?.placer_no ?? '',
    accession_no: s.accession_no,
    patient_id: s.patient_id,
    patient_name: s.patient_name,
    patient_sex: s.patient_sex,
    birth_date: data.patient?.birth_date ?? '',
    patient_type: s.patient_type,
    department: s.department,
    bed_no: s.bed_no,
    procedure_code: data.procedure_code ?? '',
    study_desc: s.study_desc,
    modality: s.modality,
    study_datetime: s.study_datetime,
    sq_doctor: s.sq_doctor,
    report_doctor: r.report_doctor,
    sh_doctor: r.sh_doctor,
  };
  return { facts, peer };
}

async function factsOf(deps: AppDeps, job: JobRow) {
  const [row] = await deps.db
    .select({ s: study, r: report, v: reportVersion })
    .from(reportVersion)
    .innerJoin(report, eq(report.rpt_pk, reportVersion.rpt_pk))
    .innerJoin(study, eq(study.pk, report.study_pk))
    .where(eq(reportVersion.pk, versionOf(job)));
  if (!row) throw new Error('version gone');
  const { s, r, v } = row;
  const { facts: order, peer } = await orderFactsOf(deps, s, r);
  const texts = v.texts as { report_text1?: string; report_text2?: string };
  const facts: Omit<ResultFacts, 'facility' | 'charset'> = {
    ...order,
    control_id: `RX${job.pk}`,
    audited_at: v.createtime,
    findings: texts.report_text1 ?? '',
    impression: texts.report_text2 ?? '',
    addenda: (await addendaUpTo(deps.db, r.rpt_pk, v.pk)).map(addendumText),
  };
  return { facts, peer };
}

/** Whether an earlier audit's result of the same report reached the HIS: then this one is a correction. */
async function earlierSent(deps: AppDeps, job: JobRow): Promise<boolean> {
  const [row] = await deps.db
    .select({ pk: reportJob.pk })
    .from(reportJob)
    .where(
      and(
        eq(reportJob.rpt_pk, job.rpt_pk),
        eq(reportJob.kind, 'hl7_result'),
        eq(reportJob.state, 'done'),
        lt(reportJob.version_pk, versionOf(job)),
      ),
    )
    .limit(1);
  return !!row;
}

const cancelled = async (deps: AppDeps, job: JobRow) =>
  (
    await deps.db
      .select({ pk: reportJob.pk })
      .from(reportJob)
      .where(and(eq(reportJob.kind, 'hl7_cancel'), eq(reportJob.version_pk, versionOf(job))))
  ).length > 0;

/** One attempt: the ORU^R01 to the interface's listener; its ACK decides (AA done, AE again, AR given up). */
export async function sendOru(deps: AppDeps, peer: Peer, facts: ResultFacts, status: ResultStatus): Promise<Outcome> {
  const now = deps.now?.() ?? new Date();
  const message = encodeMessage(buildOru(facts, status, now), peer.charset);
  let answer: Buffer;
  try {
    answer = await sendMllp(outboundPolicy(deps.env), {
      host: peer.result_host,
      port: peer.result_port,
      message,
      timeoutMs: SEND_TIMEOUT_MS,
    });
  } catch (e) {
    if (e instanceof OutboundRefused) return { retry: `address not allowed (${e.reason})` };
    if (e instanceof OutboundUnresolved) return { retry: e.code };
    if (e instanceof MllpSendError) return { retry: e.code, unanswered: e.sent };
    throw e;
  }
  try {
    const ack = parseHl7(decodeMessage(answer, peer.charset).text);
    const code = ack.get('MSA.1').trim().toUpperCase();
    const why = `${peer.name} answered ${code}: ${ack.get('MSA.3') || ack.get('ERR.8')}`.slice(0, 400);
    if (ack.get('MSA.2').trim() !== facts.control_id)
      return { retry: 'the answer is for another message', unanswered: true };
    if (code === 'AA' || code === 'CA') return { done: true };
    if (code === 'AR' || code === 'CR') return { retry: why, giveUp: true };
    return { retry: why };
  } catch {
    return { retry: 'the answer is not an HL7 ACK', unanswered: true };
  }
}

/** The 'hl7_result' job: the audited report as ORU^R01 (F, or C after an earlier result reached the HIS). */
export async function runHl7Result(deps: AppDeps, job: JobRow): Promise<Outcome> {
  const { facts, peer } = await factsOf(deps, job);
  if (!peer) return { superseded: 'no HIS interface takes results' };
  // Claimed again after a lost lease, with the audit cancelled meanwhile: the cancel follows instead.
  if (await cancelled(deps, job)) return { superseded: 'audit cancelled' };
  const status = (await earlierSent(deps, job)) ? 'C' : 'F';
  return sendOru(deps, peer, { ...facts, facility: peer.facility, charset: peer.charset }, status);
}

/** The 'hl7_cancel' job: the cancelled audit's result taken back (OBR-25 X, observations deleted). */
export async function runHl7Cancel(deps: AppDeps, job: JobRow): Promise<Outcome> {
  const { facts, peer } = await factsOf(deps, job);
  if (!peer) return { superseded: 'no HIS interface takes results' };
  return sendOru(deps, peer, { ...facts, facility: peer.facility, charset: peer.charset }, 'X');
}
