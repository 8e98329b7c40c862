import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { useSessionStore } from '@web/lib/session-store';
import { STORAGE_KEYS } from '@web/lib/storage-keys';

export interface PageTab {
  /** The route path (one tab per page). */
  key: string;
  /** Path with its query, to come back to the same state. */
  fullPath: string;
}

interface TabsState {
  tabs: PageTab[];
  visit: (key: string, fullPath: string) => void;
  /** Each returns the tabs left. */
  close: (key: string) => PageTab[];
  closeRight: (key: string) => PageTab[];
  closeLeft: (key: string) => PageTab[];
  /** Closes all but `key` (a tab stays open: one tab is never closable). */
  closeAll: (key: string) => PageTab[];
  reset: () => void;
}

export const useTabsStore = create<TabsState>()(
  persist(
    (set, get) => {
      const keep = (fn: (tabs: PageTab[]) => PageTab[]) => {
        const before = get().tabs;
        const after = before.length > 1 ? fn(before) : before;
        const tabs = after.length ? after : before.slice(0, 1);
        set({ tabs });
        return tabs;
      };
      const at = (key: string) => get().tabs.findIndex((t) => t.key === key);
      return {
        tabs: [],
        visit: (key, fullPath) =>
          set((s) => {
            const i = s.tabs.findIndex((t) => t.key === key);
            if (i < 0) return { tabs: [...s.tabs, { key, fullPath }] };
            if (s.tabs[i]?.fullPath === fullPath) return s;
            const tabs = s.tabs.slice();
            tabs[i] = { key, fullPath };
            return { tabs };
          }),
        close: (key) => keep((tabs) => tabs.filter((t) => t.key !== key)),
        closeRight: (key) => keep((tabs) => tabs.slice(0, at(key) + 1)),
        closeLeft: (key) => keep((tabs) => tabs.slice(Math.max(0, at(key)))),
        closeAll: (key) => keep((tabs) => tabs.filter((t) => t.key === key)),
        reset: () => set({ tabs: [] }),
      };
    },
    { name: STORAGE_KEYS.tabs, storage: createJSONStorage(() => sessionStorage) },
  ),
);

// Signing out forgets the tabs.
useSessionStore.subscribe((s, prev) => {
  if (prev.token && !s.token) useTabsStore.getState().reset();
});
