import { Enums, eventTarget, getRenderingEngines, metaData, RenderingEngine, type Types } from '@cornerstonejs/core';
import { fileWindowsOf, voiRangeOf, windowOf, type FileWindow } from '../lib/presets';
import { initCornerstone } from './setup';
import type { ViewerAnnotation } from '@shared/schemas/image-viewer';
import type { AskText, PrimaryTool, ViewerTools } from './tools';

export type { AskText, PrimaryTool };

/**
 * The phases of a view's opening it reports (the page sets lib/first-image-mark's marks for them: this chunk
 * does not import that module, which must stay in the early script's chunk alone).
 */
export type StackPhase = 'cornerstoneInit' | 'stackAsked' | 'frameDecoded' | 'toolsReady';

/** What the overlay shows, reported on every change. */
export interface StackState {
  index: number;
  total: number;
  window: { center: number; width: number } | null;
  zoom: number;
  invert: boolean;
  /** Degrees clockwise, 0, 90, 180 or 270. */
  rotation: number;
  flipH: boolean;
  flipV: boolean;
  /** The windows the image's header offers (two or more, else none): its modality's presets. */
  fileWindows: FileWindow[];
}

let engines = 0;

/** Draws every viewport of the window again: a study's marks show in each viewport of its images. */
const renderAll = () => {
  for (const e of getRenderingEngines() ?? []) e.render();
};

/**
 * One stack viewport in an element. The first image is asked for alone (setStack loads only the image it
 * shows); the mouse tools and the prefetch of the rest of the series come once it is on screen.
 */
export class StackView {
  private engine: RenderingEngine | null = null;
  private viewport: Types.IStackViewport | null = null;
  private tools: ViewerTools | null = null;
  private primary: PrimaryTool = 'windowLevel';
  private firstShown = false;
  /** The zoom of the fitted image of the current stack: the overlay shows zoom relative to it. */
  private fittedZoom = 1;
  private disposed = false;
  /** Unique in the window: the tools tell viewports (the study's, a prior's) apart by it. */
  private readonly viewportId = `rx-stack-${++engines}`;
  /** Saved marks given before the tools were there, drawn once they are. */
  private pendingMarks: { studyIuid: string; marks: ViewerAnnotation[] } | null = null;
  private onMarks: (() => void) | null = null;
  private unwatchMarks: (() => void) | null = null;

  constructor(
    private readonly element: HTMLDivElement,
    private readonly onState: (s: StackState) => void,
    private readonly onFirstImage: () => void,
    private readonly askText: AskText,
    private readonly trace: (phase: StackPhase) => void = () => undefined,
  ) {
    initCornerstone();
    trace('cornerstoneInit');
    eventTarget.addEventListener(Enums.Events.IMAGE_LOADED, this.decoded);
  }

  /** Cornerstone has an image decoded (the first one is this view's first frame). */
  private readonly decoded = () => {
    eventTarget.removeEventListener(Enums.Events.IMAGE_LOADED, this.decoded);
    this.trace('frameDecoded');
  };

  /** Shows a stack at an index; resolves once its image is loaded and drawn. */
  async show(imageIds: string[], index = 0): Promise<void> {
    const vp = this.ensureViewport();
    this.tools?.stopPrefetch();
    this.trace('stackAsked');
    await vp.setStack(imageIds, Math.min(Math.max(index, 0), imageIds.length - 1));
    if (this.disposed) return;
    vp.render();
    this.fittedZoom = vp.getZoom() || 1;
    this.report();
    this.tools?.startPrefetch();
  }

  scrollBy(delta: number): void {
    const vp = this.viewport;
    if (!vp) return;
    const next = vp.getCurrentImageIdIndex() + delta;
    if (next >= 0 && next < vp.getImageIds().length) void vp.setImageIdIndex(next);
  }

  /** The next image, the first after the last (cine). */
  advance(): void {
    const vp = this.viewport;
    const total = vp?.getImageIds().length ?? 0;
    if (vp && total > 1) void vp.setImageIdIndex((vp.getCurrentImageIdIndex() + 1) % total);
  }

  setIndex(index: number): void {
    void this.viewport?.setImageIdIndex(index);
  }

  /** A window (centre/width) or, with null, the image's own (the "default" preset). */
  setWindow(w: { center: number; width: number } | null): void {
    const vp = this.viewport;
    if (!vp) return;
    if (w) vp.setProperties({ voiRange: voiRangeOf(w.center, w.width) });
    else vp.resetProperties();
    vp.render();
  }

  setPrimaryTool(tool: PrimaryTool): void {
    this.primary = tool;
    this.tools?.setPrimary(tool);
  }

  /** Back to the first look: the image's window, fitted, not inverted, rotated or flipped (marks stay). */
  reset(): void {
    const vp = this.viewport;
    if (!vp) return;
    vp.resetProperties();
    vp.resetCamera();
    vp.setViewPresentation({ rotation: 0, flipHorizontal: false, flipVertical: false });
    vp.render();
    this.report();
  }

  invert(): void {
    const vp = this.viewport;
    if (!vp) return;
    vp.setProperties({ invert: !vp.getProperties().invert });
    vp.render();
    this.report();
  }

  /** A quarter turn clockwise. */
  rotate(): void {
    const vp = this.viewport;
    if (!vp) return;
    vp.setViewPresentation({ rotation: ((vp.getViewPresentation().rotation ?? 0) + 90) % 360 });
    vp.render();
    this.report();
  }

  flip(direction: 'h' | 'v'): void {
    const vp = this.viewport;
    if (!vp) return;
    const now = vp.getViewPresentation();
    vp.setViewPresentation(
      direction === 'h' ? { flipHorizontal: !now.flipHorizontal } : { flipVertical: !now.flipVertical },
    );
    vp.render();
    this.report();
  }

  /** Draws saved marks again (now, or once the tools are there). */
  restoreMarks(studyIuid: string, marks: ViewerAnnotation[]): void {
    if (this.tools) this.tools.restoreMarks(studyIuid, marks);
    else this.pendingMarks = { studyIuid, marks };
    renderAll();
  }

  /** Every mark of a study as it is saved. */
  marks(studyIuid: string): ViewerAnnotation[] {
    return this.tools?.marks(studyIuid) ?? [];
  }

  /** Removes every mark of a study (the person asked to). */
  clearMarks(studyIuid: string): void {
    this.tools?.clearMarks(studyIuid);
    renderAll();
  }

  /** Called when a person draws, moves or removes a mark. */
  setOnMarks(listener: (() => void) | null): void {
    this.onMarks = listener;
  }

  resize(): void {
    this.engine?.resize(true, false);
  }

  dispose(): void {
    this.disposed = true;
    eventTarget.removeEventListener(Enums.Events.IMAGE_LOADED, this.decoded);
    this.unwatchMarks?.();
    this.tools?.dispose();
    this.engine?.destroy();
    this.engine = null;
    this.viewport = null;
  }

  private ensureViewport(): Types.IStackViewport {
    if (this.viewport) return this.viewport;
    const engine = new RenderingEngine(`rx-engine-${this.viewportId}`);
    engine.enableElement({
      viewportId: this.viewportId,
      type: Enums.ViewportType.STACK,
      element: this.element,
      defaultOptions: { background: [0, 0, 0] },
    });
    const vp = engine.getViewport(this.viewportId) as Types.IStackViewport;
    this.engine = engine;
    this.viewport = vp;
    const report = () => this.report();
    this.element.addEventListener(Enums.Events.STACK_NEW_IMAGE, report);
    this.element.addEventListener(Enums.Events.VOI_MODIFIED, report);
    this.element.addEventListener(Enums.Events.CAMERA_MODIFIED, report);
    this.element.addEventListener(Enums.Events.IMAGE_RENDERED, () => {
      if (this.firstShown || !vp.getImageData()) return;
      this.firstShown = true;
      this.fittedZoom = vp.getZoom() || 1;
      this.onFirstImage();
      this.report();
      void this.attachTools(engine.id);
    });
    return vp;
  }

  private async attachTools(engineId: string): Promise<void> {
    const { ViewerTools } = await import('./tools');
    if (this.disposed) return;
    this.tools = new ViewerTools(this.viewportId, engineId, this.element, this.askText);
    this.tools.setPrimary(this.primary);
    if (this.pendingMarks) {
      this.tools.restoreMarks(this.pendingMarks.studyIuid, this.pendingMarks.marks);
      renderAll();
    }
    this.pendingMarks = null;
    this.unwatchMarks = this.tools.watchMarks(() => this.onMarks?.());
    // The mouse works from here on (browser tests wait for it).
    this.element.dataset.toolsReady = 'true';
    this.trace('toolsReady');
  }

  private report(): void {
    const vp = this.viewport;
    if (!vp) return;
    const { voiRange: range, invert } = vp.getProperties();
    const view = vp.getViewPresentation();
    this.onState({
      index: vp.getCurrentImageIdIndex(),
      total: vp.getImageIds().length,
      window: range ? windowOf(range) : null,
      zoom: vp.getZoom() / this.fittedZoom,
      invert: !!invert,
      rotation: view.rotation ?? 0,
      flipH: !!view.flipHorizontal,
      flipV: !!view.flipVertical,
      fileWindows: fileWindowsOf(metaData.get('voiLutModule', vp.getCurrentImageId()) as never),
    });
  }
}
