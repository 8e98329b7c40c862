import type { ViewerStudy } from '@shared/schemas/image-viewer';
import { Result, Spin } from 'antd';
import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { AskText, PrimaryTool, StackState, StackView } from '../cornerstone/stack-view';
import { earlyPreviewShownAt, removeEarlyPreview } from '../api/viewer-early';
import { useOpenTimeReport } from '../hooks/use-open-time-report';
import { useStackView } from '../hooks/use-stack-view';
import { markFirstImage } from '../lib/first-image-mark';
import { imageIdsOf } from '../lib/image-ids';
import { MprView } from './mpr-view';
import { StackSlider } from './stack-slider';
import { ViewerOverlay } from './viewer-overlay';

type Series = ViewerStudy['series'][number];

export interface CellReport {
  view: StackView | null;
  state: StackState | null;
  modality: string | undefined;
  imageIds: string[];
}

interface Props {
  index: number;
  study: ViewerStudy;
  series: Series | undefined;
  /** Cornerstone's code may load (the first cell's preview is on screen, or cannot be). */
  start: boolean;
  askText: AskText;
  tool: PrimaryTool;
  /** Outlined when the layout has more than one viewport. */
  active: boolean;
  outlined: boolean;
  mpr: boolean;
  /** The first cell only: the server's rendering of its first image until Cornerstone has drawn. */
  preview: { src: (drawn: boolean) => string; onDone: () => void } | null;
  onActivate: (index: number) => void;
  onReport: (index: number, r: CellReport) => void;
}

/**
 * One viewport of the layout: its own stack view (its own viewport id, so its tools and marks stay its own),
 * overlay and slider; it scrolls alone. The first one's element carries the first-image marks.
 */
export function ViewerCell(p: Props) {
  const { t } = useTranslation('imageViewer');
  const element = useRef<HTMLDivElement>(null);
  const { view, state, failed, drawn } = useStackView(element, p.start, p.askText);
  // The failure of the series on view (a series chosen after it starts clean).
  const [loadError, setLoadError] = useState<{ imageIds: string[]; msg: string } | null>(null);
  const { study, series, index, onReport } = p;
  const imageIds = useMemo(() => (series ? imageIdsOf(study.study_iuid, series) : []), [study, series]);
  useOpenTimeReport(element, index === 0 ? study : null);

  useEffect(() => {
    if (!view || !imageIds.length) return;
    view.show(imageIds, 0).catch((e: unknown) => setLoadError({ imageIds, msg: errorText(e) }));
  }, [view, imageIds]);
  useEffect(() => view?.setPrimaryTool(p.tool), [view, p.tool]);
  useEffect(
    () => onReport(index, { view, state, modality: series?.modality, imageIds }),
    [index, view, state, series, imageIds, onReport],
  );

  const failure = loadError?.imageIds === imageIds ? t('errors.imageFailed', { msg: loadError.msg }) : failed;
  const src = p.preview?.src(drawn) ?? '';
  const className = `rx-viewer-stage rx-viewer-cell${p.outlined && p.active ? ' rx-active' : ''}`;
  return (
    <div
      className={className}
      data-testid={`viewer-cell-${index}`}
      data-series={series?.series_iuid ?? ''}
      data-active={p.active}
      onPointerDownCapture={() => p.onActivate(index)}
      onWheelCapture={() => p.onActivate(index)}
    >
      <div
        ref={element}
        className="rx-viewer-viewport"
        data-testid={index === 0 ? 'viewer-viewport' : `viewer-viewport-${index}`}
        onContextMenu={(e) => e.preventDefault()}
      />
      {src && !failure && <FirstPreview src={src} element={element} onDone={p.preview!.onDone} />}
      {!failure && <ViewerOverlay study={study} series={series} state={state} />}
      <StackSlider view={view} state={state} />
      {p.mpr && <MprView key={series?.series_iuid} imageIds={imageIds} window={state?.window ?? null} />}
      <StageMessage loading={false} failure={failure} />
    </div>
  );
}

/** The first image as the server renders it, until Cornerstone has drawn (or it failed to load). */
function FirstPreview(p: { src: string; element: RefObject<HTMLDivElement | null>; onDone: () => void }) {
  const done = () => {
    removeEarlyPreview();
    p.onDone();
  };
  return (
    <img
      className="rx-viewer-preview"
      src={p.src}
      alt=""
      data-testid="viewer-preview"
      onLoad={() => {
        if (p.element.current) markFirstImage(p.element.current, earlyPreviewShownAt());
        done();
      }}
      onError={done}
    />
  );
}

/** What a stage says instead of images: a failure, or that the study is loading. */
export function StageMessage({ loading, failure }: { loading: boolean; failure: string }) {
  const { t } = useTranslation('imageViewer');
  if (failure)
    return (
      <div className="rx-viewer-message">
        <Result status="warning" title={failure} data-testid="viewer-message" />
      </div>
    );
  if (!loading) return null;
  return (
    <div className="rx-viewer-message">
      <Spin tip={t('loading')}>
        <span />
      </Spin>
    </div>
  );
}

/** Cornerstone rejects with an object ({ error }) or an Error; the server's message when it sent one. */
function errorText(e: unknown): string {
  const inner = (e as { error?: unknown })?.error ?? e;
  if (inner instanceof Error) return inner.message;
  const status = (inner as { status?: number })?.status;
  return status ? `HTTP ${status}` : String(inner);
}
