import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { STORAGE_KEYS } from './storage-keys';

interface SessionState {
  token: string | null;
  /** Epoch ms at which the server forgets the session unless refreshed. */
  expiresAt: number | null;
  /** Epoch ms of the sign-in or last refresh. */
  refreshedAt: number;
  /** Lock screen shown; survives a reload. */
  locked: boolean;
  setSession: (token: string, expiresInS: number) => void;
  setLocked: (locked: boolean) => void;
  clear: () => void;
}

/** The session lives in sessionStorage (spec: "Authorization header from session storage"). */
export const useSessionStore = create<SessionState>()(
  persist(
    (set) => ({
      token: null,
      expiresAt: null,
      refreshedAt: 0,
      locked: false,
      setSession: (token, expiresInS) =>
        set({ token, expiresAt: Date.now() + expiresInS * 1000, refreshedAt: Date.now() }),
      setLocked: (locked) => set({ locked }),
      clear: () => set({ token: null, expiresAt: null, refreshedAt: 0, locked: false }),
    }),
    {
      name: STORAGE_KEYS.session,
      storage: createJSONStorage(() => sessionStorage),
      partialize: (s) => ({ token: s.token, expiresAt: s.expiresAt, refreshedAt: s.refreshedAt, locked: s.locked }),
    },
  ),
);

export const getToken = () => useSessionStore.getState().token;
