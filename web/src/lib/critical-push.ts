import { create } from 'zustand';
import type { RealtimeServerMessage } from '@shared/protocol/realtime';

export type CriticalPush = Extract<RealtimeServerMessage, { type: 'critical_result' }>;

/**
 * The last critical result the realtime socket pushed to this tab (features/realtime writes it, the critical
 * reminder in the header reads it): a separate store because features do not import each other.
 */
export const useCriticalPush = create<{ last: CriticalPush | null; seq: number; push: (m: CriticalPush) => void }>(
  (set) => ({
    last: null,
    seq: 0,
    push: (m) => set((s) => ({ last: m, seq: s.seq + 1 })),
  }),
);

/** The query root of everything about critical results (the reminder's list, the page's list). */
export const CRITICAL_QUERY_ROOT = 'critical';
