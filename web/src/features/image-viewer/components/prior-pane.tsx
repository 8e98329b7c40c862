import { Result } from 'antd';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { AskText, StackState, StackView } from '../cornerstone/stack-view';
import { useSavedMarks } from '../hooks/use-saved-marks';
import { useStackView } from '../hooks/use-stack-view';
import { useViewerAccess } from '../hooks/use-viewer-access';
import { imageIdsOf } from '../lib/image-ids';
import { ViewerOverlay } from './viewer-overlay';

export interface PaneReport {
  view: StackView | null;
  state: StackState | null;
  modality: string | undefined;
}

interface Props {
  studyIuid: string;
  /** The series on view beside it: the prior shows its series of the same modality first. */
  modality: string | undefined;
  askText: AskText;
  onReport: (r: PaneReport) => void;
  /** The person works in this pane (it leads the synchronised scrolling from now). */
  onActivate: () => void;
}

/** A prior study of the patient beside the one on view: its own token, stack, overlay and saved marks. */
export function PriorPane({ studyIuid, modality, askText, onReport, onActivate }: Props) {
  const { t } = useTranslation('imageViewer');
  const query = useMemo(() => ({ studyIuid, token: '' }), [studyIuid]);
  const access = useViewerAccess(query);
  const element = useRef<HTMLDivElement>(null);
  const { view, state, failed } = useStackView(element, access.state === 'ready', askText);
  const study = access.state === 'ready' ? access.study : null;
  const series = study?.series.find((s) => s.modality === modality) ?? study?.series[0];
  const imageIds = useMemo(() => (study && series ? imageIdsOf(study.study_iuid, series) : []), [study, series]);
  useSavedMarks(view, study?.study_iuid ?? null, true);

  useEffect(() => {
    if (view && imageIds.length) void view.show(imageIds, 0).catch(() => undefined);
  }, [view, imageIds]);
  useEffect(() => onReport({ view, state, modality: series?.modality }), [view, state, series, onReport]);

  const failure = access.state === 'failed' ? t(`errors.${access.reason}`, { msg: access.msg }) : failed;
  return (
    <div
      className="rx-viewer-stage rx-viewer-prior"
      data-testid="viewer-prior"
      onPointerDownCapture={onActivate}
      onWheelCapture={onActivate}
    >
      <div
        ref={element}
        className="rx-viewer-viewport"
        data-testid="viewer-prior-viewport"
        onContextMenu={(e) => e.preventDefault()}
      />
      {study && !failure && <ViewerOverlay study={study} series={series} state={state} />}
      {failure && (
        <div className="rx-viewer-message">
          <Result status="warning" title={failure} />
        </div>
      )}
    </div>
  );
}
