import { create } from 'zustand';
import { reduceAgentState } from '@shared/protocol/bridge-state';
import type { BridgeEventBody, BridgeKey } from '@shared/protocol/messages';

export type BridgePath = 'extension' | 'agent' | 'protocol' | 'none';

export interface BridgeState {
  /** The extension answered (ack) on this page. */
  extension: boolean;
  /** Detection finished: until then the path is 'none'. */
  detected: boolean;
  agentUp: boolean;
  agentVersion?: string;
  extensionVersion?: string;
  keys: BridgeKey[];
  apply: (e: BridgeEventBody) => void;
  set: (s: Partial<Omit<BridgeState, 'apply' | 'set'>>) => void;
}

/** Connection state of the workstation bridge (UI state: zustand, per the web conventions). */
export const useBridgeStore = create<BridgeState>((set) => ({
  extension: false,
  detected: false,
  agentUp: false,
  keys: [],
  set: (s) => set(s),
  apply: (e) =>
    set((s) =>
      e.type === 'extension-ready'
        ? { extension: true, detected: true, extensionVersion: e.version }
        : reduceAgentState(s, e),
    ),
}));

export function pathOf(s: Pick<BridgeState, 'extension' | 'detected' | 'agentUp'>): BridgePath {
  if (s.extension) return 'extension';
  if (s.agentUp) return 'agent';
  return s.detected ? 'protocol' : 'none';
}
