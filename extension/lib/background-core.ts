import { AgentCallError, agentCallFor, fetchAgent, parseParams } from '@shared/protocol/agent-call';
import { AgentSocket, agentEventsUrl } from '@shared/protocol/agent-socket';
import { INITIAL_AGENT_STATE, reduceAgentState, type BridgeAgentState } from '@shared/protocol/bridge-state';
import {
  actionTimeoutMs,
  BRIDGE_ERRORS,
  BridgeRequestSchema,
  bridgeEvent,
  bridgeFailure,
  bridgeSuccess,
  type BridgeEventBody,
  type BridgeResult,
  type BridgeStatus,
} from '@shared/protocol/messages';
import type { Browser, browser } from 'wxt/browser';
import { originAllowed } from './origins';
import { senderOrigin } from './sender';
import { loadSettings, type Settings } from './settings';

/** storage.session key: survives service-worker restarts, not browser restarts. */
export const STATE_KEY = 'bridgeState';

export type BackgroundBrowser = Pick<typeof browser, 'runtime' | 'storage' | 'tabs'>;

export interface BackgroundOptions {
  browser: BackgroundBrowser;
  version: string;
  WebSocketImpl?: typeof WebSocket;
  fetchImpl?: typeof fetch;
  /** Reconnect delay after the agent socket closes (spec: 5 s). */
  retryMs?: number;
  /** Called before the first request to a new agent address (the entrypoint sets the Origin rule). */
  onAgentUrl?: (agentUrl: string) => Promise<void>;
}

/**
 * The extension's background: answers content-script requests by calling the configured agent with the
 * origin the browser reports for the sender, keeps the agent's /events socket open and relays key and
 * agent up/down events to the tabs of allowed origins.
 */
export function createBackground(o: BackgroundOptions) {
  const b = o.browser;
  let settings: Promise<Settings> | null = null;
  let socket: AgentSocket | null = null;
  let socketUrl = '';
  let state: BridgeAgentState = INITIAL_AGENT_STATE;

  const currentSettings = () => (settings ??= loadSettings(b.storage));

  async function restoreState(): Promise<void> {
    const saved = (await b.storage.session.get(STATE_KEY))[STATE_KEY] as BridgeAgentState | undefined;
    if (saved && typeof saved.agentUp === 'boolean' && Array.isArray(saved.keys)) state = saved;
  }

  async function connect(): Promise<void> {
    const { agentUrl } = await currentSettings();
    const url = agentEventsUrl(agentUrl);
    if (socket && socketUrl === url) return;
    await o.onAgentUrl?.(agentUrl).catch(() => undefined);
    socket?.stop();
    socketUrl = url;
    socket = new AgentSocket({
      url,
      onEvent: (e) => void onAgentEvent(e),
      WebSocketImpl: o.WebSocketImpl,
      retryMs: o.retryMs,
    });
    socket.start();
  }

  async function onAgentEvent(e: BridgeEventBody): Promise<void> {
    if (e.type === 'agent-up') {
      const health = (await call('/health').catch(() => null)) as { version?: string } | null;
      e = { ...e, version: health?.version };
    }
    state = reduceAgentState(state, e);
    await b.storage.session.set({ [STATE_KEY]: state });
    await broadcast(e);
  }

  async function call(path: string): Promise<unknown> {
    const { agentUrl } = await currentSettings();
    return fetchAgent({ method: 'GET', path }, { baseUrl: agentUrl, timeoutMs: 5_000, fetchImpl: o.fetchImpl });
  }

  /** Only tabs whose page is on an allowed origin hear about keys. */
  async function broadcast(e: BridgeEventBody): Promise<void> {
    const { origins } = await currentSettings();
    const tabs = await b.tabs.query({});
    await Promise.all(
      tabs.map(async (t) => {
        if (t.id === undefined || !t.url) return;
        let origin: string;
        try {
          origin = new URL(t.url).origin;
        } catch {
          return;
        }
        if (!originAllowed(origin, origins)) return;
        await b.tabs.sendMessage(t.id, bridgeEvent(e)).catch(() => undefined); // tab without our script
      }),
    );
  }

  /** One content-script request; null means no answer at all (not ours, or not a request). */
  async function handleMessage(message: unknown, sender: Browser.runtime.MessageSender): Promise<BridgeResult | null> {
    const parsed = BridgeRequestSchema.safeParse(message);
    if (!parsed.success) return null;
    const { id, action, params, lang } = parsed.data;
    const origin = senderOrigin(sender, b.runtime.id);
    const s = await currentSettings();
    if (!origin || !originAllowed(origin, s.origins)) {
      return bridgeFailure(id, { id: BRIDGE_ERRORS.ORIGIN_NOT_ALLOWED, msg: 'origin not allowed' });
    }
    const checked = parseParams(action, params);
    if (!checked.ok) return bridgeFailure(id, checked.error);
    if (action === 'status') {
      const status: BridgeStatus = { extensionVersion: o.version, agentUrl: s.agentUrl, ...state };
      return bridgeSuccess(id, status);
    }
    try {
      const data = await fetchAgent(agentCallFor(action, checked.params, origin), {
        baseUrl: s.agentUrl,
        timeoutMs: actionTimeoutMs(action),
        language: lang,
        fetchImpl: o.fetchImpl,
      });
      return bridgeSuccess(id, data);
    } catch (e) {
      if (e instanceof AgentCallError) return bridgeFailure(id, e.failure);
      return bridgeFailure(id, { id: BRIDGE_ERRORS.AGENT_DOWN, msg: String(e) });
    }
  }

  return {
    handleMessage,
    /** Restores the last known state (a restarted worker answers at once) and (re)subscribes. */
    start: async () => {
      await restoreState();
      await connect();
    },
    /** Settings changed (options page, policy): re-read them and follow a new agent address. */
    reloadSettings: async () => {
      settings = null;
      await connect();
    },
    /** The keepalive alarm: reconnect if the worker lost its socket. */
    ensureConnected: () => connect(),
    settings: currentSettings,
    state: () => state,
    stop: () => {
      socket?.stop();
      socket = null;
      socketUrl = '';
    },
  };
}
