import type { z } from 'zod';
import { BRIDGE_ERRORS, BridgeParamsSchemas, type BridgeAction, type BridgeFailure } from './messages';

export interface AgentCall {
  method: 'GET' | 'POST';
  path: string;
  body?: Record<string, unknown>;
}

type Params<A extends BridgeAction> = z.output<(typeof BridgeParamsSchemas)[A]>;

const q = (path: string, query: Record<string, string>) => `${path}?${new URLSearchParams(query).toString()}`;

/**
 * The agent route behind each bridge action (issue 4). `origin` is the caller's web origin as the
 * extension saw it from the sender (or the page's own origin on the direct path); for signing it goes
 * into the signed data, so it is never taken from the page's message.
 */
export function agentCallFor(action: BridgeAction, params: object, origin: string): AgentCall {
  const p = params as Record<string, unknown>;
  switch (action) {
    case 'status':
      return { method: 'GET', path: '/keys' };
    case 'sign':
      return { method: 'POST', path: '/keys/sign', body: { ...p, origin } };
    case 'signReport':
      return { method: 'POST', path: '/keys/signReport', body: p };
    case 'openStudy':
      return { method: 'GET', path: q('/openDicom', { type: 'openImage', study_iuid: String(p.study_iuid) }) };
    case 'closeStudy':
      return { method: 'GET', path: q('/openDicom', { type: 'closeImage', study_iuid: String(p.study_iuid) }) };
    case 'viewerLink':
      return { method: 'GET', path: q('/viewer/link', { study_iuid: String(p.study_iuid), type: String(p.type) }) };
    case 'printers':
      return { method: 'GET', path: '/printers' };
    case 'print':
      return { method: 'POST', path: '/print', body: p };
    case 'printRaw':
      return { method: 'POST', path: '/print/raw', body: p };
    case 'speak':
      return { method: 'POST', path: '/speak', body: p };
    default:
      throw new Error(`unknown action ${String(action)}`);
  }
}

/** Validates a page's parameters for an action; the failure names the first bad field. */
export function parseParams(
  action: BridgeAction,
  params: unknown,
): { ok: true; params: Params<BridgeAction> } | { ok: false; error: BridgeFailure } {
  const r = BridgeParamsSchemas[action].safeParse(params ?? {});
  if (r.success) return { ok: true, params: r.data as Params<BridgeAction> };
  const issue = r.error.issues[0];
  return {
    ok: false,
    error: { id: BRIDGE_ERRORS.BAD_REQUEST, msg: `${issue?.path.join('.') || action}: ${issue?.message ?? 'invalid'}` },
  };
}

export class AgentCallError extends Error {
  constructor(
    readonly failure: BridgeFailure,
    readonly status?: number,
  ) {
    super(failure.msg);
    this.name = 'AgentCallError';
  }
}

export interface AgentFetchOptions {
  baseUrl: string;
  timeoutMs: number;
  /** Accept-Language for the agent's messages. */
  language?: string;
  fetchImpl?: typeof fetch;
}

/**
 * Calls the agent and unwraps its envelope `{success, msg, data, code, error}`. A refused connection
 * or an answer that is not the envelope is AGENT_DOWN; a slow answer TIMEOUT; a failure envelope keeps
 * the agent's error id, message and data (e.g. PIN_INCORRECT with triesLeft).
 */
export async function fetchAgent(call: AgentCall, o: AgentFetchOptions): Promise<unknown> {
  const headers: Record<string, string> = {};
  if (call.body) headers['Content-Type'] = 'application/json';
  if (o.language) headers['Accept-Language'] = o.language;
  let res: Response;
  try {
    res = await (o.fetchImpl ?? fetch)(new URL(call.path, o.baseUrl).toString(), {
      method: call.method,
      headers,
      body: call.body ? JSON.stringify(call.body) : undefined,
      signal: AbortSignal.timeout(o.timeoutMs),
      credentials: 'omit',
      cache: 'no-store',
    });
  } catch (e) {
    const timedOut = e instanceof DOMException && e.name === 'TimeoutError';
    throw new AgentCallError({
      id: timedOut ? BRIDGE_ERRORS.TIMEOUT : BRIDGE_ERRORS.AGENT_DOWN,
      msg: timedOut ? 'agent did not answer in time' : 'agent not reachable',
    });
  }
  type Answer = { success?: unknown; msg?: unknown; data?: unknown; error?: unknown } | null;
  const body = (await res.json().catch(() => null)) as Answer;
  if (!body || typeof body.success !== 'boolean') {
    throw new AgentCallError(
      { id: BRIDGE_ERRORS.AGENT_DOWN, msg: `unexpected agent answer (HTTP ${res.status})` },
      res.status,
    );
  }
  if (!body.success) {
    throw new AgentCallError(
      {
        id: typeof body.error === 'string' ? body.error : `HTTP_${res.status}`,
        msg: typeof body.msg === 'string' ? body.msg : '',
        data: body.data ?? undefined,
      },
      res.status,
    );
  }
  return body.data;
}
