import type { StudyDetail } from '@shared/schemas/report';

/** sessionStorage: the QC dialog shows once per study per session. */
const qcKey = (studyIuid: string) => `rxpacs.qc.${studyIuid}`;

export function qcDue(study: Pick<StudyDetail, 'study_iuid' | 'use_qc'>, storage: Storage): boolean {
  if (study.use_qc !== 1) return false;
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
