import type { ReportDetail, ReportInfo } from '@shared/schemas/report';

/** The study row mirrors its first report's state (the worklist's columns; jfields fall back to the study). */
const MIRRORED = [
  'rpt_pk',
  'rpt_status',
  'rpt_good_status',
  'image_quality',
  'report_doctor',
  'report_datetime',
  'sh_doctor',
  'sh_datetime',
  'is_critical',
  'print_status',
] as const satisfies readonly (keyof ReportDetail & keyof ReportInfo['study'])[];

/**
 * The study as it is after a write that answered `r`: the report replaced (or added, for a new position), the
 * study's body part as saved (and, for the first report, the report state the study row mirrors), and that
 * position's drafts gone, its addenda kept (a save or audit deletes them; after any write
 * /report/info hides drafts older than the report). Lets the screen take a write's answer instead of asking
 * /report/info again.
 */
export function withWrittenReport(info: ReportInfo, written: ReportDetail, studyDesc?: string): ReportInfo {
  const others = info.reports.filter((x) => x.rpt_position !== written.rpt_position);
  // A write's answer has no addenda (only /report/addendum's has them): the report keeps those it had.
  const before = info.reports.find((x) => x.rpt_position === written.rpt_position);
  const r = written.addenda ? written : { ...written, addenda: before?.addenda ?? [] };
  const study = { ...info.study, ...(studyDesc === undefined ? {} : { study_desc: studyDesc }) };
  if (r.rpt_position === 1) for (const k of MIRRORED) Object.assign(study, { [k]: r[k] });
  return {
    ...info,
    study,
    reports: [...others, r].sort((a, b) => a.rpt_position - b.rpt_position),
    drafts: info.drafts.filter((d) => d.rpt_position !== r.rpt_position),
  };
}
