import type { ReportDetail } from '@shared/schemas/report';

/**
 * The rptPrint address: study_iuid (required), rpt_pk (which report; empty = the third-party report if
 * there is one, else position 1), print (1 or true: print on its own once loaded, then close the tab;
 * otherwise a preview with a print button), isJz (1 or true: emergency print with the watermark).
 * type, isSimple and printerList are accepted and kept for the workstation agent's silent printing; the
 * page renders every report the same way (one renderer: what shows is what prints).
 * share: a patient link's or look-up's read-only token (docs/patient-lookup.md): the page opens without a
 * session, from that token only.
 * audit_version: one of the report's audit versions (a version row's pk): the report as it was audited then,
 * as the PDF archive renders it even when that audit was cancelled before its turn came.
 */
export interface PrintQuery {
  study_iuid: string;
  rpt_pk: number | null;
  autoPrint: boolean;
  emergency: boolean;
  type: string;
  isSimple: boolean;
  printerList: string;
  share: string;
  audit_version: number | null;
}

const SHARE_TOKEN = /^[A-Za-z0-9_-]{43}$/;
const flag = (v: string | null) => v === '1' || v?.toLowerCase() === 'true';

export function readPrintQuery(q: URLSearchParams): PrintQuery {
  const pk = Number(q.get('rpt_pk') ?? '');
  const rawPk = (q.get('rpt_pk') ?? '').trim();
  return {
    study_iuid: (q.get('study_iuid') ?? '').trim().slice(0, 64),
    rpt_pk: rawPk !== '' && Number.isInteger(pk) && pk > 0 ? pk : null,
    autoPrint: flag(q.get('print')),
    emergency: flag(q.get('isJz')),
    type: (q.get('type') ?? '').slice(0, 32),
    isSimple: flag(q.get('isSimple')),
    printerList: (q.get('printerList') ?? '').slice(0, 256),
    share: SHARE_TOKEN.test(q.get('share') ?? '') ? q.get('share')! : '',
    audit_version: /^[1-9]\d{0,15}$/.test(q.get('audit_version') ?? '') ? Number(q.get('audit_version')) : null,
  };
}

/** Ultrasound waits 3 s before printing (its images and measurements settle late); the rest print at once. */
export const printDelayMs = (modality: string) => (modality.trim().toUpperCase() === 'US' ? 3000 : 0);

/** The report the address names: by rpt_pk, or without one the third-party report, else position 1. */
export function pickReport(reports: readonly ReportDetail[], rpt_pk: number | null): ReportDetail | null {
  if (rpt_pk !== null) return reports.find((r) => r.rpt_pk === rpt_pk) ?? null;
  return (
    reports.find((r) => r.rpt_pk === null && !!r.third_party_pdf) ?? reports.find((r) => r.rpt_position === 1) ?? null
  );
}

/** printerList may name several printers (comma separated); the report goes to the first. */
export const firstPrinter = (printerList: string): string | undefined =>
  printerList
    .split(',')
    .map((p) => p.trim())
    .find(Boolean);
