import { openSignedInTab } from './signed-in-tab';

/** Opens the print page of an audited report in a new tab (spec: rptPrint opens in a new tab) that prints itself. */
export function openPrintPage(studyIuid: string, rptPk: number | null): void {
  const q = new URLSearchParams({ study_iuid: studyIuid, rpt_pk: String(rptPk ?? ''), print: '1' });
  openSignedInTab(`/rptPrint?${q.toString()}`);
}
