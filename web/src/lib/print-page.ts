import { openSignedInTab } from './signed-in-tab';

/** Opens the print page of an audited report in a new tab (spec: rptPrint opens in a new tab) that prints itself. */
export function openPrintPage(studyIuid: string, rptPk: number | null): void {
  const q = new URLSearchParams({ study_iuid: studyIuid, rpt_pk: String(rptPk ?? ''), print: '1' });
  openSignedInTab(`/rptPrint?${q.toString()}`);
}

/** Opens a study's application form in a new signed-in tab (spec: printApply opens in a new tab), which prints it. */
export function openApplyPrint(studyIuid: string): void {
  openSignedInTab(`/printApply/${encodeURIComponent(studyIuid)}?print=1`);
}

/**
 * Opens the patient label page in a new signed-in tab, which prints the label: from the study (read there), or
 * from the fields given (the registration desk has them at hand and may not read reports).
 */
export function openLabelPrint(
  from: { study_iuid: string } | { patient_name: string; patient_id: string; accession_no: string; modality: string },
): void {
  openSignedInTab(`/printLabel?${new URLSearchParams(from).toString()}`);
}
