import { AgentCallError, agentCallFor, fetchAgent, parseParams } from '@shared/protocol/agent-call';
import {
  actionTimeoutMs,
  BRIDGE_ERRORS,
  BridgeStatusSchema,
  type BridgeAction,
  type BridgeEventBody,
  type BridgeKey,
  type BridgeParams,
} from '@shared/protocol/messages';
import { AgentSocket, agentEventsUrl } from '@shared/protocol/agent-socket';
import { viewerLink } from '@shared/protocol/viewer-link';
import { useBridgeStore } from '../stores/bridge-store';
import { agentRetryDelay, onPageWake, type WakeTargets } from './agent-retry';
import { BridgeError } from './bridge-error';
import { ExtensionTransport } from './extension-transport';

export type KeyEvent = { type: 'key-inserted'; key: BridgeKey } | { type: 'key-removed'; slot: string; serial: string };

export interface BridgeCoreOptions {
  /** The user's language (Accept-Language of agent calls). */
  lang: () => string;
  /** Text of the bridge's own failures (EXTENSION_MISSING, AGENT_DOWN, TIMEOUT, BAD_REQUEST). */
  message: (id: string) => string;
  /** Opens a custom-protocol link (the viewer fallback). */
  launch: (url: string) => void;
  /** The agent's address for the direct path. */
  agentUrl: () => string;
  win?: Window;
  /** Whose visibility holds the agent socket's retries back (default: the page's document). */
  doc?: WakeTargets['doc'];
  WebSocketImpl?: typeof WebSocket;
  ackTimeoutMs?: number;
  /** The agent socket's back-off (default `agentRetryDelay`). */
  retryDelay?: (n: number) => number;
}

/** Failures after which the viewer falls back to its custom-protocol link. */
const UNREACHABLE = new Set<string>([BRIDGE_ERRORS.EXTENSION_MISSING, BRIDGE_ERRORS.AGENT_DOWN]);

export type OpenOutcome = { via: 'extension' | 'agent' } | { via: 'protocol'; link: string };

/**
 * Chooses the path to the workstation: the extension when it acks, else the agent over HTTP (its
 * /events socket for key events), else, for the viewer only, the custom-protocol link.
 */
export class BridgeCore {
  private transport: ExtensionTransport | null = null;
  private socket: AgentSocket | null = null;
  private unwake: (() => void) | null = null;
  private detection: Promise<void> | null = null;
  private readonly keyListeners = new Set<(e: KeyEvent) => void>();

  constructor(private readonly o: BridgeCoreOptions) {}

  /** Starts detection once; later calls return the same promise. */
  start(): Promise<void> {
    this.detection ??= this.detect();
    return this.detection;
  }

  stop(): void {
    this.transport?.dispose();
    this.transport = null;
    this.stopSocket();
    this.detection = null;
  }

  /**
   * Someone wants the agent now (the user clicked the bridge status, a feature is about to use it): on the
   * direct path the socket tries at once instead of at the end of its back-off.
   */
  reconnect(): void {
    this.socket?.wake();
  }

  onKeyEvent(handler: (e: KeyEvent) => void): () => void {
    this.keyListeners.add(handler);
    return () => this.keyListeners.delete(handler);
  }

  async call<A extends BridgeAction>(action: A, params: BridgeParams<A>): Promise<unknown> {
    const checked = parseParams(action, params);
    if (!checked.ok) throw new BridgeError(checked.error.id, this.o.message(checked.error.id), checked.error.msg);
    await this.start();
    const timeoutMs = actionTimeoutMs(action);
    if (useBridgeStore.getState().extension && this.transport) {
      try {
        return await this.transport.request(action, params, timeoutMs, this.o.lang());
      } catch (e) {
        if (!(e instanceof BridgeError) || e.id !== BRIDGE_ERRORS.EXTENSION_MISSING) throw e;
        // The extension went away (disabled, updated): the page carries on with the agent directly.
        useBridgeStore.getState().set({ extension: false });
        this.startSocket();
      }
    }
    try {
      const data = await fetchAgent(agentCallFor(action, checked.params, this.origin()), {
        baseUrl: this.o.agentUrl(),
        timeoutMs,
        language: this.o.lang(),
      });
      this.reconnect(); // the agent answered: its events need not wait for the socket's back-off
      return data;
    } catch (e) {
      if (!(e instanceof AgentCallError)) throw e;
      const { id, msg, data } = e.failure;
      const own = id === BRIDGE_ERRORS.AGENT_DOWN || id === BRIDGE_ERRORS.TIMEOUT;
      if (!own) this.reconnect();
      throw new BridgeError(id, own || !msg ? this.o.message(id) : msg, data);
    }
  }

  /** Opens a study in the local viewer; without extension and agent, through the custom-protocol link. */
  async openStudy(study_iuid: string): Promise<OpenOutcome> {
    try {
      await this.call('openStudy', { study_iuid });
      return { via: useBridgeStore.getState().extension ? 'extension' : 'agent' };
    } catch (e) {
      if (!(e instanceof BridgeError) || !UNREACHABLE.has(e.id)) throw e;
      const link = viewerLink(study_iuid, 'openImage');
      this.o.launch(link);
      return { via: 'protocol', link };
    }
  }

  private origin(): string {
    return (this.o.win ?? window).location.origin;
  }

  private async detect(): Promise<void> {
    const store = useBridgeStore.getState();
    this.transport = new ExtensionTransport({
      win: this.o.win,
      ackTimeoutMs: this.o.ackTimeoutMs,
      message: this.o.message,
      onEvent: (e) => this.onEvent(e),
    });
    try {
      const status = BridgeStatusSchema.parse(await this.transport.request('status', {}, actionTimeoutMs('status')));
      store.set({
        extension: true,
        detected: true,
        agentUp: status.agentUp,
        agentVersion: status.agentVersion,
        extensionVersion: status.extensionVersion,
        keys: status.keys,
      });
    } catch {
      if (useBridgeStore.getState().extension) return; // announced itself meanwhile
      store.set({ extension: false, detected: true });
      this.startSocket();
    }
  }

  /**
   * The direct socket. With no agent it backs off to once a minute (each refused attempt is a line in the
   * browser's console), waits while the page is hidden, and tries at once when the page is shown again,
   * the browser goes online or someone asks for the agent.
   */
  private startSocket(): void {
    if (this.socket) return;
    const doc = this.o.doc ?? (typeof document === 'undefined' ? undefined : document);
    this.socket = new AgentSocket({
      url: agentEventsUrl(this.o.agentUrl()),
      onEvent: (e) => this.onEvent(e),
      WebSocketImpl: this.o.WebSocketImpl,
      retryDelay: this.o.retryDelay ?? agentRetryDelay,
      mayRetry: () => !doc?.hidden,
    });
    this.unwake = onPageWake({ win: this.o.win ?? window, doc }, () => this.reconnect());
    this.socket.start();
  }

  private stopSocket(): void {
    this.unwake?.();
    this.unwake = null;
    this.socket?.stop();
    this.socket = null;
  }

  private onEvent(e: BridgeEventBody): void {
    // One source of events at a time: once the extension announces itself the direct socket closes.
    if (e.type === 'extension-ready') this.stopSocket();
    useBridgeStore.getState().apply(e);
    if (e.type === 'key-inserted' || e.type === 'key-removed') {
      for (const l of this.keyListeners) l(e);
    }
  }
}
