import { create } from 'zustand';
import { EMPTY_DETAIL, parseDetail, type ReportDetailValues } from '@shared/report/document';
import type { ReportDetail } from '@shared/schemas/report';

/** What the doctor is editing: the working copy of one report, and the server state it is based on. */
export interface Working {
  findings: string;
  opinion: string;
  detail: ReportDetailValues;
  rpt_good_status: number | null;
  image_quality: number | null;
  study_desc: string;
}

export type BusyAction =
  'load' | 'save' | 'audit' | 'cancelAudit' | 'invalid' | 'critical' | 'addendum' | 'switch' | 'patient' | 'quality';

interface EditorState extends Working {
  /** The report as the server last answered it. */
  base: ReportDetail | null;
  baseStudyDesc: string;
  busy: BusyAction | null;
  /** Replace the working copy with a report from the server. */
  load: (report: ReportDetail, studyDesc: string) => void;
  /** A newer server state that keeps the doctor's text (after a critical-value write, or "keep mine"). */
  rebase: (report: ReportDetail) => void;
  patch: (p: Partial<Working>) => void;
  setBusy: (b: BusyAction | null) => void;
  reset: () => void;
}

const empty: Working = {
  findings: '',
  opinion: '',
  detail: EMPTY_DETAIL,
  rpt_good_status: null,
  image_quality: null,
  study_desc: '',
};

/** One report screen is open at a time (the app shows one route), so one store serves it. */
export const useEditorStore = create<EditorState>()((set) => ({
  ...empty,
  base: null,
  baseStudyDesc: '',
  busy: null,
  load: (r, studyDesc) =>
    set({
      base: r,
      baseStudyDesc: studyDesc,
      findings: r.report_text1,
      opinion: r.report_text2,
      detail: parseDetail(r.rpt_detail),
      rpt_good_status: r.rpt_good_status,
      image_quality: r.image_quality,
      study_desc: studyDesc,
    }),
  rebase: (r) => set({ base: r }),
  patch: (p) => set(p),
  setBusy: (busy) => set({ busy }),
  reset: () => set({ ...empty, base: null, baseStudyDesc: '', busy: null }),
}));

/** Unsaved changes of the texts (what the drafts protect). */
export function textsDirty(s: Pick<EditorState, 'base' | 'findings' | 'opinion'>): boolean {
  return !!s.base && (s.findings !== s.base.report_text1 || s.opinion !== s.base.report_text2);
}
