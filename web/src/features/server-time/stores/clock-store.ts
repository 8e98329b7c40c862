import { create } from 'zustand';

interface ClockState {
  /** Server clock minus local clock, in ms. */
  offsetMs: number;
  setOffset: (offsetMs: number) => void;
}

export const useClockStore = create<ClockState>()((set) => ({
  offsetMs: 0,
  setOffset: (offsetMs) => set({ offsetMs }),
}));
