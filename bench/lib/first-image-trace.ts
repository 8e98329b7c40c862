/**
 * The viewer's opening phase by phase (issue 39): its own performance marks (VIEWER_MARKS in
 * web/src/features/image-viewer/lib/first-image-mark.ts) beside the browser's timings of the requests that
 * matter, all in ms from navigation start, read from the page once the tools are attached.
 */
import type { Page } from 'playwright-core';
import { FIRST_IMAGE_MARK, VIEWER_MARKS } from '../../web/src/features/image-viewer/lib/first-image-mark';

/** What the page holds: its marks by name, the document's arrival and its resources' timings. */
export interface TraceSnapshot {
  marks: Record<string, number>;
  documentEnd: number;
  resources: { name: string; startTime: number; requestStart: number; responseStart: number; responseEnd: number }[];
}

/** One phase: when it ended, ms from navigation start (absent: it did not happen in that run). */
export interface Phase {
  label: string;
  at: number | undefined;
}

export function readTrace(page: Page): Promise<TraceSnapshot> {
  return page.evaluate(() => {
    const marks: Record<string, number> = {};
    for (const m of performance.getEntriesByType('mark')) marks[m.name] ??= m.startTime;
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    const resources = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((r) => ({
      name: r.name,
      startTime: r.startTime,
      requestStart: r.requestStart,
      responseStart: r.responseStart,
      responseEnd: r.responseEnd,
    }));
    return { marks, documentEnd: nav?.responseEnd ?? 0, resources };
  });
}

const firstOf = (s: TraceSnapshot, test: (url: URL) => boolean) =>
  s.resources.filter((r) => test(new URL(r.name))).sort((a, b) => a.startTime - b.startTime)[0];

/** The phases in the order of the opening (the preview's path, then Cornerstone's). */
export function phasesOf(s: TraceSnapshot): Phase[] {
  const m = (name: string) => s.marks[name];
  const preview = firstOf(s, (u) => u.pathname.endsWith('/wado/viewerPreview'));
  const frame = firstOf(
    s,
    (u) => u.pathname.endsWith('/wado') && u.searchParams.get('contentType') === 'application/dicom',
  );
  const chunk = (name: string) => firstOf(s, (u) => new RegExp(`/assets/${name}-[^/]+\\.js$`).test(u.pathname));
  return [
    { label: 'page (HTML) received', at: s.documentEnd },
    { label: 'early script fetch start', at: chunk('viewer-early')?.startTime },
    { label: 'early script fetch end', at: chunk('viewer-early')?.responseEnd },
    { label: 'early script ran', at: m(VIEWER_MARKS.earlyScript) },
    { label: 'preview asked', at: preview?.startTime },
    { label: 'preview request sent', at: preview?.requestStart },
    { label: 'preview first byte', at: preview?.responseStart },
    { label: 'preview answered', at: preview?.responseEnd },
    { label: 'preview decoded', at: m(VIEWER_MARKS.previewDecoded) },
    { label: 'FIRST IMAGE on screen', at: m(FIRST_IMAGE_MARK) },
    { label: 'viewer route chunk loaded', at: chunk('reading-film')?.responseEnd },
    { label: 'viewer code ran', at: m(VIEWER_MARKS.pageCode) },
    { label: 'token + study there', at: m(VIEWER_MARKS.access) },
    { label: 'Cornerstone chunk loaded', at: chunk('stack-view')?.responseEnd },
    { label: 'Cornerstone code ran', at: m(VIEWER_MARKS.cornerstoneCode) },
    { label: 'Cornerstone init done', at: m(VIEWER_MARKS.cornerstoneInit) },
    { label: 'stack asked', at: m(VIEWER_MARKS.stackAsked) },
    { label: 'first frame fetch start', at: frame?.startTime },
    { label: 'first frame fetch end', at: frame?.responseEnd },
    { label: 'first frame decoded', at: m(VIEWER_MARKS.frameDecoded) },
    { label: 'first frame drawn (stack live)', at: m(VIEWER_MARKS.stackDrawn) },
    { label: 'tools attached', at: m(VIEWER_MARKS.toolsReady) },
  ];
}

/**
 * The phases' table over several runs: per phase the median time from navigation start and the runs'
 * figures, so a slow run shows where it lost its time.
 */
export function phaseTable(runs: Phase[][], median: (xs: number[]) => number): string[] {
  const labels = runs[0]?.map((p) => p.label) ?? [];
  return labels.map((label, i) => {
    const ats = runs.map((r) => r[i]?.at);
    const known = ats.filter((x): x is number => x !== undefined);
    const mid = known.length ? `${median(known).toFixed(0).padStart(5)} ms` : '      -';
    return `  ${label.padEnd(32)} ${mid}  (${ats.map((x) => (x === undefined ? '-' : x.toFixed(0))).join(', ')})`;
  });
}
