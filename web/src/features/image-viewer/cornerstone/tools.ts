import { Enums, imageLoadPoolManager } from '@cornerstonejs/core';
import {
  AngleTool,
  addTool,
  annotation,
  Enums as ToolEnums,
  init as toolsInit,
  LengthTool,
  PanTool,
  StackScrollTool,
  store,
  ToolGroupManager,
  utilities as toolUtilities,
  WindowLevelTool,
  ZoomTool,
} from '@cornerstonejs/tools';

/** The tools the left mouse button can hold; the others keep their own buttons. */
export type PrimaryTool = 'windowLevel' | 'pan' | 'zoom' | 'length' | 'angle';

const { MouseBindings } = ToolEnums;
const NAMES: Record<PrimaryTool, string> = {
  windowLevel: WindowLevelTool.toolName as string,
  pan: PanTool.toolName as string,
  zoom: ZoomTool.toolName as string,
  length: LengthTool.toolName as string,
  angle: AngleTool.toolName as string,
};
/** Pan and zoom keep the middle and right buttons whatever the left one does; the wheel scrolls. */
const OWN_BUTTON: Partial<Record<PrimaryTool, number>> = {
  pan: MouseBindings.Auxiliary,
  zoom: MouseBindings.Secondary,
};

let initialised = false;
let groups = 0;

/**
 * The viewport's mouse tools (loaded after the first image: none of this is needed to show it): window/level
 * on the left button, pan on the middle, zoom on the right, stack scroll on the wheel, length and angle on
 * demand. The rest of the series is prefetched from here on, nearest images first.
 */
export class ViewerTools {
  private readonly groupId = `rx-tools-${++groups}`;
  private primary: PrimaryTool = 'windowLevel';

  constructor(
    viewportId: string,
    engineId: string,
    private readonly element: HTMLDivElement,
  ) {
    if (!initialised) {
      initialised = true;
      toolsInit();
      for (const tool of [WindowLevelTool, PanTool, ZoomTool, StackScrollTool, LengthTool, AngleTool]) addTool(tool);
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
    group.setToolPassive(NAMES.length);
    group.setToolPassive(NAMES.angle);
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

  clearMeasurements(): void {
    annotation.state.removeAllAnnotations();
  }

  dispose(): void {
    ToolGroupManager.destroyToolGroup(this.groupId);
  }
}
