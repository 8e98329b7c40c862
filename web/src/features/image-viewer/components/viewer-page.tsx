import type { ViewerStudy } from '@shared/schemas/image-viewer';
import { ConfigProvider, Result, Spin, theme } from 'antd';
import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { useSearchParams } from 'react-router-dom';
import type { PrimaryTool } from '../cornerstone/stack-view';
import { useOpenTimeReport } from '../hooks/use-open-time-report';
import { useStackKeys } from '../hooks/use-stack-keys';
import { CINE_FPS, useCine } from '../hooks/use-cine';
import { useLinkedPanes } from '../hooks/use-linked-panes';
import { useSavedMarks } from '../hooks/use-saved-marks';
import { useStackView } from '../hooks/use-stack-view';
import { useViewerAccess } from '../hooks/use-viewer-access';
import { earlyPreviewOf, earlyPreviewShownAt, removeEarlyPreview } from '../api/viewer-early';
import { markFirstImage } from '../lib/first-image-mark';
import { imageIdsOf, previewUrl } from '../lib/image-ids';
import { presetsFor, presetWindow } from '../lib/presets';
import { readViewerQuery } from '../lib/viewer-query';
import { CineControl } from './cine-control';
import { MprView } from './mpr-view';
import { PriorPane, type PaneReport } from './prior-pane';
import { PriorSelect } from './prior-select';
import { SeriesList } from './series-list';
import { StackSlider } from './stack-slider';
import { TagBrowser } from './tag-browser';
import { useTextPrompt } from './text-prompt';
import { ViewActions } from './view-actions';
import { ViewerOverlay } from './viewer-overlay';
import { ViewerToolbar } from './viewer-toolbar';
import './image-viewer.css';

/** /readingFilm?uid=: the study's series beside one stack viewport, dark and full window. */
export function ViewerPage() {
  const { t } = useTranslation('imageViewer');
  const [params] = useSearchParams();
  const query = useMemo(() => readViewerQuery(params), [params]);
  const access = useViewerAccess(query);
  const element = useRef<HTMLDivElement>(null);
  // Cornerstone's code is loaded once the preview is on screen (or cannot be): evaluating it would hold
  // the main thread while the preview waits to be drawn.
  const [previewDone, setPreviewDone] = useState(false);
  const study = access.state === 'ready' ? access.study : null;
  const startStack =
    previewDone || access.state === 'failed' || (access.state === 'ready' && !previewUrl(access.study, access.token));
  const text = useTextPrompt();
  const { view, state, failed, drawn } = useStackView(element, startStack, text.ask);
  const hasSession = access.state === 'ready' && access.hasSession;
  useSavedMarks(view, study?.study_iuid ?? null, hasSession);
  const [priorIuid, setPriorIuid] = useState<string | null>(null);
  const [prior, setPrior] = useState<PaneReport | null>(null);
  const [mpr, setMpr] = useState(false);
  const [cine, setCine] = useState({ playing: false, fps: CINE_FPS.initial as number });
  const [chosen, setChosen] = useState('');
  const [tool, setTool] = useState<PrimaryTool>('windowLevel');
  const [loadError, setLoadError] = useState('');
  useOpenTimeReport(element, study);

  const series = study?.series.find((s) => s.series_iuid === chosen) ?? study?.series[0];
  const imageIds = useMemo(() => (study && series ? imageIdsOf(study.study_iuid, series) : []), [study, series]);
  const mprAvailable = ['CT', 'MR'].includes(series?.modality?.toUpperCase() ?? '') && imageIds.length >= 3;
  // The first image as the server renders it (its own window, like Cornerstone's default), shown until
  // Cornerstone has drawn: the picture does not wait for Cornerstone's code to load and start.
  // The one fetched as the page opened (api/viewer-early.ts) when it is this series' first image.
  const preview =
    study && access.state === 'ready' && !drawn
      ? (earlyPreviewOf(series?.instances[0]?.sop_iuid) ?? previewUrl(study, access.token, series))
      : '';

  useWindowTitle(study);
  useEffect(() => {
    if (!view || !imageIds.length) return;
    view.show(imageIds, 0).catch((e: unknown) => setLoadError(errorText(e)));
  }, [view, imageIds]);

  useStackKeys(view, state);
  useCine(view, cine.playing, cine.fps);
  const lead = useLinkedPanes({ view, state, modality: series?.modality }, priorIuid ? prior : null);

  const chooseTool = (k: PrimaryTool) => {
    setTool(k);
    view?.setPrimaryTool(k);
  };

  const failure = failureText(t, access, !!study && !imageIds.length, loadError || failed);

  return (
    <ConfigProvider theme={{ algorithm: theme.darkAlgorithm }}>
      <div className="rx-viewer" data-testid="image-viewer">
        <ViewerToolbar
          tool={tool}
          onTool={chooseTool}
          presets={presetsFor(series?.modality)}
          onPreset={(k) => view?.setWindow(presetWindow(k))}
          onReset={() => view?.reset()}
          disabled={!state}
        >
          <ViewActions
            view={view}
            state={state}
            studyIuid={study?.study_iuid ?? ''}
            disabled={!state}
            mpr={{ on: mpr && mprAvailable, available: mprAvailable, toggle: () => setMpr((on) => !on) }}
          />
          <CineControl
            playing={cine.playing}
            fps={cine.fps}
            disabled={!state || (state.total ?? 0) < 2}
            onPlaying={(playing) => setCine((c) => ({ ...c, playing }))}
            onFps={(fps) => setCine((c) => ({ ...c, fps }))}
          />
          {study && hasSession && (
            <PriorSelect studyIuid={study.study_iuid} value={priorIuid} onChange={setPriorIuid} />
          )}
          <TagBrowser imageId={state ? imageIds[state.index] : undefined} />
        </ViewerToolbar>
        <div className="rx-viewer-body">
          {study && study.series.length > 0 && (
            <SeriesList
              study={study}
              token={access.state === 'ready' ? access.token : ''}
              showThumbnails={!!state}
              selected={series?.series_iuid ?? ''}
              onSelect={setChosen}
            />
          )}
          <div
            className="rx-viewer-stage"
            onPointerDownCapture={() => lead('main')}
            onWheelCapture={() => lead('main')}
          >
            <div
              ref={element}
              className="rx-viewer-viewport"
              data-testid="viewer-viewport"
              onContextMenu={(e) => e.preventDefault()}
            />
            {preview && !failure && (
              <FirstPreview src={preview} element={element} onDone={() => setPreviewDone(true)} />
            )}
            {study && !failure && <ViewerOverlay study={study} series={series} state={state} />}
            <StackSlider view={view} state={state} />
            {mpr && mprAvailable && (
              <MprView key={series?.series_iuid} imageIds={imageIds} window={state?.window ?? null} />
            )}
            <StageMessage loading={access.state === 'loading'} failure={failure} />
          </div>
          {priorIuid && (
            <PriorPane
              key={priorIuid}
              studyIuid={priorIuid}
              modality={series?.modality}
              askText={text.ask}
              onReport={setPrior}
              onActivate={() => lead('prior')}
            />
          )}
        </div>
      </div>
      {text.dialog}
    </ConfigProvider>
  );
}

/** What the stage says instead of images: access refused, no images, or an image that failed to load. */
function failureText(
  t: TFunction<'imageViewer'>,
  access: ReturnType<typeof useViewerAccess>,
  noImages: boolean,
  loadError: string,
): string {
  if (access.state === 'failed') return t(`errors.${access.reason}`, { msg: access.msg });
  if (noImages) return t('errors.noImages');
  return loadError ? t('errors.imageFailed', { msg: loadError }) : '';
}

/** The window's title: the patient's name, then the viewer's. */
function useWindowTitle(study: ViewerStudy | null) {
  const { t } = useTranslation('imageViewer');
  useEffect(() => {
    if (study) document.title = `${study.patient_name} - ${t('title')}`;
  }, [study, t]);
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

function StageMessage({ loading, failure }: { loading: boolean; failure: string }) {
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
