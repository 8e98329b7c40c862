import type { ViewerStudy } from '@shared/schemas/image-viewer';
import { ConfigProvider, theme } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { useSearchParams } from 'react-router-dom';
import type { PrimaryTool } from '../cornerstone/stack-view';
import { useStackKeys } from '../hooks/use-stack-keys';
import { CINE_FPS, useCine } from '../hooks/use-cine';
import { useLinkedPanes } from '../hooks/use-linked-panes';
import { useSavedMarks } from '../hooks/use-saved-marks';
import { useViewerAccess } from '../hooks/use-viewer-access';
import { useViewerLayout } from '../hooks/use-viewer-layout';
import { earlyPreviewOf, earlyPreviewShown } from '../api/viewer-early';
import { loadStackView } from '../cornerstone/load';
import { previewUrl } from '../lib/image-ids';
import { presetsFor, presetWindow } from '../lib/presets';
import { readViewerQuery } from '../lib/viewer-query';
import { CineControl } from './cine-control';
import { LayoutChooser } from './layout-chooser';
import { PriorPane, type PaneReport } from './prior-pane';
import { PriorSelect } from './prior-select';
import { SeriesList } from './series-list';
import { TagBrowser } from './tag-browser';
import { useTextPrompt } from './text-prompt';
import { ViewActions } from './view-actions';
import { StageMessage, type CellReport } from './viewer-cell';
import { ViewerGrid } from './viewer-grid';
import { ViewerToolbar } from './viewer-toolbar';
import './image-viewer.css';

/** /readingFilm?uid=: the study's series beside its viewports (1x1, 1x2 or 2x2), dark and full window. */
export function ViewerPage() {
  const { t } = useTranslation('imageViewer');
  const [params] = useSearchParams();
  const query = useMemo(() => readViewerQuery(params), [params]);
  const access = useViewerAccess(query);
  // Cornerstone's code is loaded once the preview is on screen (or cannot be): evaluating it would hold
  // the main thread while the preview waits to be drawn.
  const [previewDone, setPreviewDone] = useState(false);
  const study = access.state === 'ready' ? access.study : null;
  const token = access.state === 'ready' ? access.token : '';
  const startStack = previewDone || access.state === 'failed' || (!!study && !previewUrl(study, token));
  const text = useTextPrompt();
  const hasSession = access.state === 'ready' && access.hasSession;
  const layout = useViewerLayout(study, hasSession);
  const cells = useCellReports();
  const { view, state, imageIds } = cells.of(layout.active);
  // The study's marks are saved together, through the first viewport (every layout has it): each save holds
  // the marks of every viewport (marks.ts gathers them by study), so none drops another's.
  useSavedMarks(cells.of(0).view, study?.study_iuid ?? null, hasSession);
  const [priorIuid, setPriorIuid] = useState<string | null>(null);
  const [prior, setPrior] = useState<PaneReport | null>(null);
  const [mpr, setMpr] = useState(false);
  const [cine, setCine] = useState({ playing: false, fps: CINE_FPS.initial as number });
  const [tool, setTool] = useState<PrimaryTool>('windowLevel');

  const series = layout.cells[layout.active];
  const mprAvailable =
    ['CT', 'MR'].includes(series?.modality?.toUpperCase() ?? '') && (series?.instances.length ?? 0) >= 3;
  // The first image as the server renders it (its own window, like Cornerstone's default), shown until
  // Cornerstone has drawn: the picture does not wait for Cornerstone's code to load and start.
  // The one fetched as the page opened (api/viewer-early.ts) when it is this series' first image.
  const first = layout.cells[0];
  const preview = useCallback(
    (drawn: boolean) =>
      study && !drawn ? (earlyPreviewOf(first?.instances[0]?.sop_iuid) ?? previewUrl(study, token, first)) : '',
    [study, token, first],
  );

  useWindowTitle(study);
  useCornerstoneAfterEarlyPreview();
  useStackKeys(view, state);
  useCine(view, cine.playing, cine.fps);
  const lead = useLinkedPanes({ view, state, modality: series?.modality }, priorIuid ? prior : null);
  const failure = failureText(t, access, !!study && !study.series.some((s) => s.instances.length));

  return (
    <ConfigProvider theme={{ algorithm: theme.darkAlgorithm }}>
      <div className="rx-viewer" data-testid="image-viewer">
        <ViewerToolbar
          tool={tool}
          onTool={setTool}
          presets={presetsFor(series?.modality)}
          onPreset={(k) => view?.setWindow(presetWindow(k))}
          fileWindows={state?.fileWindows}
          onFileWindow={(w) => view?.setWindow(w)}
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
          <LayoutChooser value={layout.layout} disabled={!study || !!failure} onChange={layout.setLayout} />
          {study && hasSession && (
            <PriorSelect studyIuid={study.study_iuid} value={priorIuid} onChange={setPriorIuid} />
          )}
          <TagBrowser imageId={state ? imageIds[state.index] : undefined} />
        </ViewerToolbar>
        <div className="rx-viewer-body">
          {study && study.series.length > 0 && (
            <SeriesList
              study={study}
              token={token}
              showThumbnails={!!cells.of(0).state}
              selected={series?.series_iuid ?? ''}
              onSelect={layout.showSeries}
            />
          )}
          {study && !failure ? (
            <ViewerGrid
              study={study}
              layout={layout}
              start={startStack}
              askText={text.ask}
              tool={tool}
              mpr={mpr && mprAvailable}
              preview={preview}
              onPreviewDone={() => setPreviewDone(true)}
              onReport={cells.report}
              onActivate={() => lead('main')}
            />
          ) : (
            <div className="rx-viewer-stage">
              <StageMessage loading={access.state === 'loading'} failure={failure} />
            </div>
          )}
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

const NO_CELL: CellReport = { view: null, state: null, modality: undefined, imageIds: [] };

/** What each viewport reports (its view and overlay state), by its place in the layout. */
function useCellReports() {
  const [reports, setReports] = useState<Record<number, CellReport>>({});
  const report = useCallback((i: number, r: CellReport) => setReports((all) => ({ ...all, [i]: r })), []);
  return { of: (i: number) => reports[i] ?? NO_CELL, report };
}

/** What the stage says instead of images: access refused, or no images. */
function failureText(t: TFunction<'imageViewer'>, access: ReturnType<typeof useViewerAccess>, noImages: boolean) {
  if (access.state === 'failed') return t(`errors.${access.reason}`, { msg: access.msg });
  return noImages ? t('errors.noImages') : '';
}

/**
 * Once the first image is on screen before the page rendered (api/viewer-early.ts), Cornerstone's code loads
 * at once, while the token and the study are on their way, not after them and the page's own preview.
 */
function useCornerstoneAfterEarlyPreview() {
  useEffect(() => {
    earlyPreviewShown()
      .then(loadStackView)
      .catch(() => undefined);
  }, []);
}

/** The window's title: the patient's name, then the viewer's. */
function useWindowTitle(study: ViewerStudy | null) {
  const { t } = useTranslation('imageViewer');
  useEffect(() => {
    if (study) document.title = `${study.patient_name} - ${t('title')}`;
  }, [study, t]);
}
