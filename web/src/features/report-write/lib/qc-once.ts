import type { StudyDetail } from '@shared/schemas/report';

/** sessionStorage: the QC dialog shows once per study per session. */
const qcKey = (studyIuid: string) => `rxpacs.qc.${studyIuid}`;

/**
 * The QC dialog asks when the study uses QC (use_qc 1), once per study per session, and never once the
 * study's quality is recorded or its report audited: there is nothing left to ask then.
 */
export function qcDue(
  study: Pick<StudyDetail, 'study_iuid' | 'use_qc' | 'qc_recorded'>,
  audited: boolean,
  storage: Storage,
): boolean {
  if (study.use_qc !== 1 || study.qc_recorded || audited) return false;
  try {
    return storage.getItem(qcKey(study.study_iuid)) === null;
  } catch {
    return true;
  }
}

export function markQcShown(studyIuid: string, storage: Storage): void {
  try {
    storage.setItem(qcKey(studyIuid), '1');
  } catch {
    // not remembered: it may show again in this session
  }
}
