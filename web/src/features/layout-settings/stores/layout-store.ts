import { create } from 'zustand';
import { LAYOUT_DEFAULTS } from '@shared/layout-defaults';
import type { LayoutSettings } from '@shared/schemas/auth';
import { useSessionStore } from '@web/lib/session-store';

export const DEFAULT_LAYOUT: LayoutSettings = { ...LAYOUT_DEFAULTS };

interface LayoutState {
  settings: LayoutSettings;
  /** The user whose saved layout is applied (the server's user.layout is applied once per sign-in). */
  appliedFor: number | null;
  drawerOpen: boolean;
  apply: (settings: LayoutSettings, userPk: number) => void;
  change: (patch: Partial<LayoutSettings>) => void;
  setDrawerOpen: (open: boolean) => void;
  reset: () => void;
}

export const useLayoutStore = create<LayoutState>()((set) => ({
  settings: DEFAULT_LAYOUT,
  appliedFor: null,
  drawerOpen: false,
  apply: (settings, userPk) => set({ settings: { ...DEFAULT_LAYOUT, ...settings }, appliedFor: userPk }),
  change: (patch) => set((s) => ({ settings: { ...s.settings, ...patch } })),
  setDrawerOpen: (drawerOpen) => set({ drawerOpen }),
  reset: () => set({ settings: DEFAULT_LAYOUT, appliedFor: null, drawerOpen: false }),
}));

// A new sign-in applies that user's saved layout again.
useSessionStore.subscribe((s, prev) => {
  if (prev.token && !s.token) useLayoutStore.getState().reset();
});
