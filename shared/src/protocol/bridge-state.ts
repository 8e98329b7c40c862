import type { BridgeEventBody, BridgeKey } from './messages';

/** What both ends of the bridge remember about the agent: up or down, and the keys present. */
export interface BridgeAgentState {
  agentUp: boolean;
  agentVersion?: string;
  keys: BridgeKey[];
}

export const INITIAL_AGENT_STATE: BridgeAgentState = { agentUp: false, keys: [] };

/** The state after an event (a reinserted key replaces the one in its slot). */
export function reduceAgentState(s: BridgeAgentState, e: BridgeEventBody): BridgeAgentState {
  switch (e.type) {
    case 'agent-up':
      return { agentUp: true, agentVersion: e.version ?? s.agentVersion, keys: e.keys };
    case 'agent-down':
      return { agentUp: false, agentVersion: s.agentVersion, keys: [] };
    case 'key-inserted':
      return { ...s, keys: [...s.keys.filter((k) => k.slot !== e.key.slot), e.key] };
    case 'key-removed':
      return { ...s, keys: s.keys.filter((k) => !(k.slot === e.slot && k.serial === e.serial)) };
    default:
      return s;
  }
}
