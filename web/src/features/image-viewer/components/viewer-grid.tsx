import type { ViewerStudy } from '@shared/schemas/image-viewer';
import type { AskText, PrimaryTool } from '../cornerstone/stack-view';
import type { ViewerLayoutState } from '../hooks/use-viewer-layout';
import { ViewerCell, type CellReport } from './viewer-cell';

interface Props {
  study: ViewerStudy;
  layout: ViewerLayoutState;
  start: boolean;
  askText: AskText;
  tool: PrimaryTool;
  /** MPR on over the active viewport. */
  mpr: boolean;
  /** The first viewport's first image as the server renders it ('' once Cornerstone has drawn it). */
  preview: (drawn: boolean) => string;
  onPreviewDone: () => void;
  onReport: (index: number, r: CellReport) => void;
  /** The person works in the grid (it leads a prior beside it). */
  onActivate: () => void;
}

/** The layout's viewports: one, two side by side, or four; the active one outlined when there are several. */
export function ViewerGrid({ study, layout, onReport, onActivate, ...p }: Props) {
  const several = layout.cells.length > 1;
  return (
    <div
      className={`rx-viewer-grid rx-layout-${layout.layout}`}
      data-testid="viewer-grid"
      data-layout={layout.layout}
      onPointerDownCapture={onActivate}
      onWheelCapture={onActivate}
    >
      {layout.cells.map((series, i) => (
        <ViewerCell
          key={i}
          index={i}
          study={study}
          series={series}
          start={p.start}
          askText={p.askText}
          tool={p.tool}
          active={i === layout.active}
          outlined={several}
          mpr={p.mpr && i === layout.active}
          preview={i === 0 ? { src: p.preview, onDone: p.onPreviewDone } : null}
          onActivate={layout.setActive}
          onReport={onReport}
        />
      ))}
    </div>
  );
}
