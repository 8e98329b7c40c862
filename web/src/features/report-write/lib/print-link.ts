/** The print page of an audited report, in a new tab (spec: rptPrint opens in a new tab). */
export function openPrintPage(studyIuid: string, rptPk: number | null): void {
  const q = new URLSearchParams({ study_iuid: studyIuid, rpt_pk: String(rptPk ?? '') });
  window.open(`${window.location.pathname}#/rptPrint?${q.toString()}`, '_blank', 'noopener');
}
