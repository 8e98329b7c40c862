import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { ToolSettings } from '@web/lib/report-document-props';

/** Spec section 5 slider limits. */
export const TOOL_LIMITS = {
  fontSize: { min: 8, max: 48, step: 1 },
  lineHeight: { min: 8, max: 48, step: 1 },
  zoom: { min: 0.2, max: 2, step: 0.1 },
} as const;

export type ToolValues = ToolSettings;

/** Auto-zoom on by default: the A4 page fits the centre pane whatever the window width. */
export const TOOL_DEFAULTS: Required<ToolValues> = {
  fontSize: 16,
  lineHeight: 24,
  zoom: 1,
  autoZoom: true,
  fontScale: true,
};

const clamp = (v: unknown, { min, max }: { min: number; max: number }, fallback: number) =>
  typeof v === 'number' && Number.isFinite(v) ? Math.min(max, Math.max(min, v)) : fallback;

/** Keeps stored values inside the limits (an old or hand-edited entry cannot break the page). */
export function sanitizeTool(v: Partial<Record<keyof ToolValues, unknown>>): Required<ToolValues> {
  return {
    fontSize: Math.round(clamp(v.fontSize, TOOL_LIMITS.fontSize, TOOL_DEFAULTS.fontSize)),
    lineHeight: Math.round(clamp(v.lineHeight, TOOL_LIMITS.lineHeight, TOOL_DEFAULTS.lineHeight)),
    zoom: Math.round(clamp(v.zoom, TOOL_LIMITS.zoom, TOOL_DEFAULTS.zoom) * 10) / 10,
    autoZoom: typeof v.autoZoom === 'boolean' ? v.autoZoom : TOOL_DEFAULTS.autoZoom,
    fontScale: typeof v.fontScale === 'boolean' ? v.fontScale : TOOL_DEFAULTS.fontScale,
  };
}

interface ToolState extends Required<ToolValues> {
  set: (patch: Partial<ToolValues>) => void;
  reset: () => void;
}

/** Tool tab settings, kept in this browser (localStorage). */
export const useToolStore = create<ToolState>()(
  persist(
    (set, get) => ({
      ...TOOL_DEFAULTS,
      set: (patch) => set(sanitizeTool({ ...get(), ...patch })),
      reset: () => set(TOOL_DEFAULTS),
    }),
    {
      name: 'rxpacs.reportTool',
      storage: createJSONStorage(() => localStorage),
      merge: (stored, current) => ({ ...current, ...sanitizeTool((stored ?? {}) as Partial<ToolValues>) }),
    },
  ),
);
