/**
 * Opens the print page of an audited report in a new tab (spec: rptPrint opens in a new tab) that prints
 * itself. Not 'noopener': Chromium gives a noopener tab empty sessionStorage, i.e. no session. The opener
 * link is cut right after instead, so the print tab cannot reach back into this one.
 */
export function openPrintPage(studyIuid: string, rptPk: number | null): void {
  const q = new URLSearchParams({ study_iuid: studyIuid, rpt_pk: String(rptPk ?? ''), print: '1' });
  const tab = window.open(`${window.location.pathname}#/rptPrint?${q.toString()}`, '_blank');
  if (tab) tab.opener = null;
}
