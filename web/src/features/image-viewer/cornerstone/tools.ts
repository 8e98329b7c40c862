import { Enums, imageLoadPoolManager } from '@cornerstonejs/core';
import {
  AngleTool,
  ArrowAnnotateTool,
  addTool,
  EllipticalROITool,
  Enums as ToolEnums,
  init as toolsInit,
  LengthTool,
  PanTool,
  ProbeTool,
  RectangleROITool,
  StackScrollTool,
  store,
  ToolGroupManager,
  utilities as toolUtilities,
  WindowLevelTool,
  ZoomTool,
} from '@cornerstonejs/tools';
import type { ViewerAnnotation } from '@shared/schemas/image-viewer';
import { allSaved, clearMarks, restoreMarks, watchMarks } from './marks';

/** The tools the left mouse button can hold; the others keep their own buttons. */
export type PrimaryTool =
  'windowLevel' | 'pan' | 'zoom' | 'length' | 'angle' | 'ellipse' | 'rectangle' | 'probe' | 'arrow';

/** Asks the person for an arrow's text; null when they cancel (the arrow goes). */
export type AskText = (current?: string) => Promise<string | null>;

const { MouseBindings } = ToolEnums;
const NAMES: Record<PrimaryTool, string> = {
  windowLevel: WindowLevelTool.toolName as string,
  pan: PanTool.toolName as string,
  zoom: ZoomTool.toolName as string,
  length: LengthTool.toolName as string,
  angle: AngleTool.toolName as string,
  ellipse: EllipticalROITool.toolName as string,
  rectangle: RectangleROITool.toolName as string,
  probe: ProbeTool.toolName as string,
  arrow: ArrowAnnotateTool.toolName as string,
};
const MEASURES: PrimaryTool[] = ['length', 'angle', 'ellipse', 'rectangle', 'probe', 'arrow'];
const TOOLS = [
  WindowLevelTool,
  PanTool,
  ZoomTool,
  StackScrollTool,
  LengthTool,
  AngleTool,
  EllipticalROITool,
  RectangleROITool,
  ProbeTool,
  ArrowAnnotateTool,
];
/** Pan and zoom keep the middle and right buttons whatever the left one does; the wheel scrolls. */
const OWN_BUTTON: Partial<Record<PrimaryTool, number>> = {
  pan: MouseBindings.Auxiliary,
  zoom: MouseBindings.Secondary,
};

let initialised = false;
let groups = 0;

/**
 * The viewport's mouse tools (loaded after the first image: none of this is needed to show it): window/level
 * on the left button, pan on the middle, zoom on the right, stack scroll on the wheel; the measurements
 * (length, angle, ellipse and rectangle ROI with mean/SD/area in HU on CT, probe) and arrows with text on
 * demand. The rest of the series is prefetched from here on, nearest images first.
 */
export class ViewerTools {
  private readonly groupId = `rx-tools-${++groups}`;
  private primary: PrimaryTool = 'windowLevel';

  constructor(
    viewportId: string,
    engineId: string,
    private readonly element: HTMLDivElement,
    askText: AskText,
  ) {
    if (!initialised) {
      initialised = true;
      toolsInit();
      for (const tool of TOOLS) addTool(tool);
    }
    // The tools listen to elements enabled after their init; this one was enabled before they loaded.
    store.addEnabledElement(
      new CustomEvent('rx-enabled', { detail: { element, viewportId, renderingEngineId: engineId } }) as never,
    );
    const group = ToolGroupManager.createToolGroup(this.groupId)!;
    for (const name of Object.values(NAMES)) group.addTool(name);
    group.addTool(StackScrollTool.toolName as string);
    group.addViewport(viewportId, engineId);
    group.setToolActive(NAMES.windowLevel, { bindings: [{ mouseButton: MouseBindings.Primary }] });
    group.setToolActive(NAMES.pan, { bindings: [{ mouseButton: MouseBindings.Auxiliary }] });
    group.setToolActive(NAMES.zoom, { bindings: [{ mouseButton: MouseBindings.Secondary }] });
    group.setToolActive(StackScrollTool.toolName as string, { bindings: [{ mouseButton: MouseBindings.Wheel }] });
    for (const k of MEASURES) group.setToolPassive(NAMES[k]);
    group.setToolConfiguration(NAMES.arrow, {
      getTextCallback: (done: (text: string | null) => void) => void askText().then(done),
      changeTextCallback: (a: { data?: { label?: string } }, _e: unknown, done: (text: string | null) => void) =>
        void askText(a.data?.label).then((text) => done(text ?? a.data?.label ?? null)),
    });
    this.startPrefetch();
  }

  /** Loads the rest of the shown stack behind it, nearest images first. */
  startPrefetch(): void {
    toolUtilities.stackPrefetch.enable(this.element);
  }

  /** Drops what is queued for the previous stack, so a newly chosen series is not behind it. */
  stopPrefetch(): void {
    toolUtilities.stackPrefetch.disable(this.element);
    imageLoadPoolManager.clearRequestStack(Enums.RequestType.Prefetch);
  }

  setPrimary(tool: PrimaryTool): void {
    const group = ToolGroupManager.getToolGroup(this.groupId);
    if (!group || tool === this.primary) return;
    const before = this.primary;
    const keep = OWN_BUTTON[before];
    if (keep !== undefined) group.setToolActive(NAMES[before], { bindings: [{ mouseButton: keep }] });
    else group.setToolPassive(NAMES[before]);
    const own = OWN_BUTTON[tool];
    group.setToolActive(NAMES[tool], {
      bindings: [{ mouseButton: MouseBindings.Primary }, ...(own !== undefined ? [{ mouseButton: own }] : [])],
    });
    this.primary = tool;
  }

  clearMarks(studyIuid: string): void {
    clearMarks(studyIuid);
  }

  restoreMarks(studyIuid: string, marks: ViewerAnnotation[]): void {
    restoreMarks(studyIuid, marks, this.element);
  }

  marks(studyIuid: string): ViewerAnnotation[] {
    return allSaved(studyIuid);
  }

  watchMarks(onChange: () => void): () => void {
    return watchMarks(onChange);
  }

  dispose(): void {
    ToolGroupManager.destroyToolGroup(this.groupId);
  }
}
