import { App, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { ImageEditCandidate } from '@shared/schemas/image-edit';
import { imageEditChanged, mergePatient, mergeStudy, moveSeries } from '../api/image-edit-api';
import type { SeriesRow } from './source-card';

export type EditKind = 'move' | 'merge' | 'patient';

interface EditState {
  studyIuid: string;
  source: ImageEditCandidate | undefined;
  /** The studies of the source's patient (what a patient merge changes). */
  patientStudies: number;
  series: SeriesRow[];
  chosen: string[];
  target: ImageEditCandidate | null;
  done: (kind: EditKind) => void;
}

/** The confirmation of each edit, with its counts, and the call behind its OK. */
export function useEditActions(s: EditState) {
  const { t } = useTranslation('imageEdit');
  const { modal, message } = App.useApp();
  const navigate = useNavigate();

  const titleOf = (kind: EditKind, target: ImageEditCandidate, source: ImageEditCandidate) => {
    const where = { name: target.patient_name, accession: target.accession_no || '-' };
    if (kind === 'patient')
      return t('confirmPatient', {
        from: source.patient_name,
        fromId: source.patient_id,
        studies: s.patientStudies,
        name: target.patient_name,
        id: target.patient_id,
      });
    if (kind === 'merge') return t('confirmMerge', { ...where, series: s.series.length, count: source.file_count });
    const count = s.series.filter((x) => s.chosen.includes(x.series_iuid)).reduce((n, x) => n + x.count, 0);
    return t('confirmMove', { ...where, series: s.chosen.length, count });
  };

  const run = async (kind: EditKind, target: ImageEditCandidate) => {
    const body = { study_iuid: s.studyIuid, to_study_iuid: target.study_iuid };
    if (kind === 'move') {
      const r = await moveSeries({ ...body, series_iuids: s.chosen });
      void message.success(t('moved', { series: r.series, count: r.instances }));
    } else if (kind === 'patient') {
      const r = await mergePatient(body);
      void message.success(t('patientMerged', { studies: r.studies, count: r.instances, name: target.patient_name }));
    } else {
      const r = await mergeStudy(body);
      void message.success(t('merged', { count: r.instances }));
      // The merged study is gone: leave its screen before the lists reload.
      await navigate(`/imageEdit?study_iuid=${encodeURIComponent(target.study_iuid)}`, { replace: true });
      await imageEditChanged();
    }
    s.done(kind);
  };

  return (kind: EditKind) => {
    const { target, source } = s;
    if (!target || !source) return;
    const note = { move: 'confirmMoveNote', merge: 'confirmMergeNote', patient: 'confirmPatientNote' } as const;
    modal.confirm({
      title: titleOf(kind, target, source),
      content: t(note[kind]),
      okButtonProps: { danger: kind !== 'move', 'data-testid': 'ie-confirm-ok' } as ButtonProps,
      onOk: () => run(kind, target),
    });
  };
}
