import { useTranslation } from 'react-i18next';
import { sexCode } from '@shared/patient-sex';
import type { ViewerStudy } from '@shared/schemas/image-viewer';
import type { StackState } from '../cornerstone/stack-view';
import { sexAge, studyDate, zoomText } from '../lib/overlay-text';

interface Props {
  study: ViewerStudy;
  series: ViewerStudy['series'][number] | undefined;
  state: StackState | null;
}

/** The four corners over the image: patient, study, position in the series, window and zoom. */
export function ViewerOverlay({ study, series, state }: Props) {
  const { t } = useTranslation(['imageViewer', 'common']);
  const code = sexCode(study.patient_sex);
  // Unlabelled, as DICOM viewers do: a sex not recorded is left out rather than written as unknown.
  const sex = code === 'unknown' ? '' : t(`common:sex.${code}`);
  return (
    <div className="rx-viewer-overlay" aria-hidden>
      <div className="rx-viewer-corner rx-top-left">
        <div data-testid="viewer-overlay-name">{study.patient_name}</div>
        <div>{t('overlay.id', { id: study.patient_id })}</div>
        <div>{sexAge(sex, study.patient_age)}</div>
      </div>
      <div className="rx-viewer-corner rx-top-right">
        <div>{studyDate(study.study_datetime)}</div>
        <div>{series?.modality || study.modality}</div>
        <div>{series?.series_desc || study.study_desc}</div>
      </div>
      <div className="rx-viewer-corner rx-bottom-left">
        {series && <div>{t('overlay.series', { n: series.series_number ?? '' })}</div>}
        {state && (
          <div data-testid="viewer-overlay-position">
            {t('overlay.image', { index: state.index + 1, total: state.total })}
          </div>
        )}
      </div>
      <div className="rx-viewer-corner rx-bottom-right">
        {state?.window && <div data-testid="viewer-overlay-window">{t('overlay.window', state.window)}</div>}
        {state && <div data-testid="viewer-overlay-zoom">{t('overlay.zoom', { zoom: zoomText(state.zoom) })}</div>}
      </div>
    </div>
  );
}
