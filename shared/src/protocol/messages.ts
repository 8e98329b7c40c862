import { z } from 'zod';
import {
  DicomUidSchema,
  KeyTokenSchema,
  PrintRawRequestSchema,
  PrintRequestSchema,
  SignReportRequestSchema,
  SignRequestSchema,
  SpeakRequestSchema,
  ViewerActionSchema,
  type KeyToken,
} from '../agent/api';
import { AGENT_DEFAULT_PORT, AGENT_HOSTNAME } from '../agent/constants';

/**
 * The bridge protocol between the web page, the extension's content script, its background worker and
 * the agent. Every message carries the prefix and version, so anything else on window.postMessage is
 * ignored and a page built for another version is told apart. Version bumps when a message changes shape.
 */
export const PROTOCOL_PREFIX = 'rxpacs-bridge';
export const PROTOCOL_VERSION = 1;
/** The content script acks every request within this time; no ack means no extension on this page. */
export const ACK_TIMEOUT_MS = 1_000;
/** Default agent address (issue 4); the extension's options page or managed policy can change it. */
export const DEFAULT_AGENT_URL = `http://${AGENT_HOSTNAME}:${AGENT_DEFAULT_PORT}`;

const envelope = { prefix: z.literal(PROTOCOL_PREFIX), version: z.literal(PROTOCOL_VERSION) };
const RequestIdSchema = z.string().min(1).max(64);

/** A USB key (token) as the agent lists it. */
export const BridgeKeySchema = KeyTokenSchema;
export type BridgeKey = KeyToken;

/**
 * What a page may ask for; each maps to one agent route and reuses the agent's request schema.
 * `origin` is never a parameter: the extension takes it from the sender (the page's own origin on
 * the direct path).
 */
export const BridgeParamsSchemas = {
  status: z.object({}).strict(),
  sign: SignRequestSchema.omit({ origin: true }).strict(),
  signReport: SignReportRequestSchema.strict(),
  openStudy: z.object({ study_iuid: DicomUidSchema }).strict(),
  closeStudy: z.object({ study_iuid: DicomUidSchema }).strict(),
  viewerLink: z.object({ study_iuid: DicomUidSchema, type: ViewerActionSchema }).strict(),
  printers: z.object({}).strict(),
  print: PrintRequestSchema,
  printRaw: PrintRawRequestSchema,
  speak: SpeakRequestSchema,
} as const;
export type BridgeAction = keyof typeof BridgeParamsSchemas;
export const BRIDGE_ACTIONS = Object.keys(BridgeParamsSchemas) as BridgeAction[];
export type BridgeParams<A extends BridgeAction> = z.input<(typeof BridgeParamsSchemas)[A]>;

/** How long an acked request may take before the caller gives up (PIN entry happens before signing). */
const ACTION_TIMEOUT_MS: Partial<Record<BridgeAction, number>> = {
  sign: 30_000,
  signReport: 30_000,
  print: 120_000,
  printRaw: 60_000,
};
export const actionTimeoutMs = (action: BridgeAction): number => ACTION_TIMEOUT_MS[action] ?? 20_000;

/** Answer of `status`: what the extension knows without asking the agent again. */
export const BridgeStatusSchema = z.object({
  extensionVersion: z.string(),
  agentUrl: z.string(),
  agentUp: z.boolean(),
  agentVersion: z.string().optional(),
  keys: z.array(BridgeKeySchema),
});
export type BridgeStatus = z.infer<typeof BridgeStatusSchema>;

export const BridgeRequestSchema = z.object({
  ...envelope,
  kind: z.literal('request'),
  id: RequestIdSchema,
  action: z.enum(BRIDGE_ACTIONS as [BridgeAction, ...BridgeAction[]]),
  params: z.unknown(),
  /** The user's language, for the agent's messages (Accept-Language). */
  lang: z.string().max(16).optional(),
});
export type BridgeRequest = z.infer<typeof BridgeRequestSchema>;

export const BridgeAckSchema = z.object({ ...envelope, kind: z.literal('ack'), id: RequestIdSchema });

export const BridgeFailureSchema = z.object({
  id: z.string(),
  msg: z.string(),
  data: z.unknown().optional(),
});
export type BridgeFailure = z.infer<typeof BridgeFailureSchema>;

export const BridgeResultSchema = z.discriminatedUnion('ok', [
  z.object({ ...envelope, kind: z.literal('result'), id: RequestIdSchema, ok: z.literal(true), data: z.unknown() }),
  z.object({
    ...envelope,
    kind: z.literal('result'),
    id: RequestIdSchema,
    ok: z.literal(false),
    error: BridgeFailureSchema,
  }),
]);
export type BridgeResult = z.infer<typeof BridgeResultSchema>;

export const BridgeEventBodySchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('key-inserted'), key: BridgeKeySchema }),
  z.object({ type: z.literal('key-removed'), slot: z.string(), serial: z.string() }),
  z.object({ type: z.literal('agent-up'), version: z.string().optional(), keys: z.array(BridgeKeySchema) }),
  z.object({ type: z.literal('agent-down') }),
  /** Sent by the content script when it loads, so a page that asked earlier learns the extension is here. */
  z.object({ type: z.literal('extension-ready'), version: z.string() }),
]);
export type BridgeEventBody = z.infer<typeof BridgeEventBodySchema>;

export const BridgeEventSchema = z.object({ ...envelope, kind: z.literal('event'), event: BridgeEventBodySchema });
export type BridgeEvent = z.infer<typeof BridgeEventSchema>;

/** Everything the page can receive from the content script. */
export const BridgeInboundSchema = z.union([BridgeAckSchema, BridgeResultSchema, BridgeEventSchema]);
export type BridgeInbound = z.infer<typeof BridgeInboundSchema>;

/** Failure ids the bridge adds to the agent's error ids. */
export const BRIDGE_ERRORS = {
  EXTENSION_MISSING: 'EXTENSION_MISSING',
  AGENT_DOWN: 'AGENT_DOWN',
  TIMEOUT: 'TIMEOUT',
  BAD_REQUEST: 'BAD_REQUEST',
  ORIGIN_NOT_ALLOWED: 'ORIGIN_NOT_ALLOWED',
} as const;

export const bridgeRequest = <A extends BridgeAction>(
  id: string,
  action: A,
  params: BridgeParams<A>,
  lang?: string,
): BridgeRequest => ({ prefix: PROTOCOL_PREFIX, version: PROTOCOL_VERSION, kind: 'request', id, action, params, lang });

export const bridgeAck = (id: string) =>
  ({ prefix: PROTOCOL_PREFIX, version: PROTOCOL_VERSION, kind: 'ack', id }) as const;

export const bridgeSuccess = (id: string, data: unknown): BridgeResult => ({
  prefix: PROTOCOL_PREFIX,
  version: PROTOCOL_VERSION,
  kind: 'result',
  id,
  ok: true,
  data,
});

export const bridgeFailure = (id: string, error: BridgeFailure): BridgeResult => ({
  prefix: PROTOCOL_PREFIX,
  version: PROTOCOL_VERSION,
  kind: 'result',
  id,
  ok: false,
  error,
});

export const bridgeEvent = (event: BridgeEventBody): BridgeEvent => ({
  prefix: PROTOCOL_PREFIX,
  version: PROTOCOL_VERSION,
  kind: 'event',
  event,
});

/** True for anything that claims to be ours (prefix present), whether or not it is valid. */
export const hasPrefix = (v: unknown): boolean =>
  typeof v === 'object' && v !== null && (v as { prefix?: unknown }).prefix === PROTOCOL_PREFIX;
