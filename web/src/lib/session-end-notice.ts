import { create } from 'zustand';
import type { SessionEndReason } from '@shared/protocol/realtime';

interface SessionEndNotice {
  /** Why the server ended this tab's session (shown on the sign-in page), null when it did not. */
  reason: SessionEndReason | null;
  set: (reason: SessionEndReason) => void;
  clear: () => void;
}

/** Kept in memory only: the sign-in page right after the sign-out shows it; a reload forgets it. */
export const useSessionEndNotice = create<SessionEndNotice>()((set) => ({
  reason: null,
  set: (reason) => set({ reason }),
  clear: () => set({ reason: null }),
}));
