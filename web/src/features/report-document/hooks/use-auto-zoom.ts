import { type RefObject, useLayoutEffect, useState } from 'react';
import { TOOL_LIMITS } from '@shared/report/document';

/** 210 mm in CSS pixels (96 per inch). */
export const PAGE_WIDTH_PX = (210 / 25.4) * 96;
/** Room left beside the page (its shadow and the scroll bar). */
const GUTTER_PX = 24;

export function fitZoom(containerWidth: number): number {
  // floor: never wider than the container (the epsilon absorbs float noise at exact fits)
  const z = Math.floor(((containerWidth - GUTTER_PX) / PAGE_WIDTH_PX) * 100 + 1e-9) / 100;
  return Math.min(TOOL_LIMITS.zoom.max, Math.max(TOOL_LIMITS.zoom.min, z));
}

/** Auto-zoom: the zoom that fits the page width to the container, following its size; null when off. */
export function useAutoZoom(containerRef: RefObject<HTMLElement | null>, enabled: boolean): number | null {
  const [zoom, setZoom] = useState<number | null>(null);
  useLayoutEffect(() => {
    const el = containerRef.current;
    if (!enabled || !el) return;
    const measure = () => setZoom(fitZoom(el.clientWidth));
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, [containerRef, enabled]);
  return enabled ? zoom : null;
}
