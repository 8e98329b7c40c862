import { EMPTY_DETAIL, parseDetail, type ReportDetailValues } from '@shared/report/document';

/** localStorage: one draft per user, study and report position. */
const PREFIX = 'rxpacs.reportDraft';

export interface DraftRef {
  userPk: number;
  studyIuid: string;
  position: number;
}

export interface LocalDraft {
  report_text1: string;
  report_text2: string;
  rpt_detail: ReportDetailValues;
  /** The report version the text was written on. */
  version: number;
  /** When it was stored (ms since epoch). */
  at: number;
}

export const draftKey = (r: DraftRef) => `${PREFIX}.${r.userPk}.${r.studyIuid}.${r.position}`;

export function readDraft(storage: Storage, ref: DraftRef): LocalDraft | null {
  try {
    const raw = storage.getItem(draftKey(ref));
    if (!raw) return null;
    const d = JSON.parse(raw) as Partial<LocalDraft>;
    if (typeof d.report_text1 !== 'string' || typeof d.report_text2 !== 'string') return null;
    return {
      report_text1: d.report_text1,
      report_text2: d.report_text2,
      rpt_detail: parseDetail(d.rpt_detail ?? EMPTY_DETAIL),
      version: typeof d.version === 'number' ? d.version : 0,
      at: typeof d.at === 'number' ? d.at : 0,
    };
  } catch {
    return null;
  }
}

export function writeDraft(storage: Storage, ref: DraftRef, d: LocalDraft): void {
  try {
    storage.setItem(draftKey(ref), JSON.stringify(d));
  } catch {
    // Storage full or disabled: the server draft still keeps the text.
  }
}

export function clearDraft(storage: Storage, ref: DraftRef): void {
  try {
    storage.removeItem(draftKey(ref));
  } catch {
    // nothing stored
  }
}

export interface Texts {
  report_text1: string;
  report_text2: string;
}

export const sameTexts = (a: Texts, b: Texts) => a.report_text1 === b.report_text1 && a.report_text2 === b.report_text2;

/**
 * The draft worth offering back when the report opens: the local one (it also holds template inputs)
 * if it differs from the saved text, else the server draft if that differs; null when neither does.
 */
export function draftToOffer(
  saved: Texts,
  local: LocalDraft | null,
  server: Texts | undefined,
): { source: 'local' | 'server'; texts: Texts; detail?: ReportDetailValues } | null {
  if (local && !sameTexts(local, saved)) return { source: 'local', texts: local, detail: local.rpt_detail };
  if (server && !sameTexts(server, saved) && (server.report_text1.trim() || server.report_text2.trim())) {
    return { source: 'server', texts: server };
  }
  return null;
}
