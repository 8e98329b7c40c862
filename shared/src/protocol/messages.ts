import { z } from 'zod';

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
export const DEFAULT_AGENT_URL = 'http://127.0.0.1:17380';

const envelope = { prefix: z.literal(PROTOCOL_PREFIX), version: z.literal(PROTOCOL_VERSION) };
const RequestIdSchema = z.string().min(1).max(64);
/** DICOM UID: digits and dots, at most 64 characters (the agent checks it again). */
export const StudyUidSchema = z
  .string()
  .max(64)
  .regex(/^[0-9]+(\.[0-9]+)*$/);

export const BridgeKeyCertificateSchema = z.object({
  id: z.string(),
  subject: z.string(),
  notAfter: z.string(),
  der: z.string(),
});
export const BridgeKeySchema = z.object({
  slot: z.string(),
  label: z.string(),
  serial: z.string(),
  certificates: z.array(BridgeKeyCertificateSchema),
});
export type BridgeKey = z.infer<typeof BridgeKeySchema>;

/** What a page may ask for; each maps to one agent route. `origin` is never a parameter: the extension adds it. */
export const BridgeParamsSchemas = {
  status: z.object({}).strict(),
  sign: z
    .object({
      challenge: z.string().min(1).max(256),
      pin: z.string().min(1).max(64),
      certificate_id: z.string().max(256),
    })
    .strict(),
  openStudy: z.object({ study_iuid: StudyUidSchema }).strict(),
  closeStudy: z.object({ study_iuid: StudyUidSchema }).strict(),
  viewerLink: z.object({ study_iuid: StudyUidSchema, type: z.enum(['openImage', 'closeImage']) }).strict(),
  printers: z.object({}).strict(),
  print: z
    .object({
      pdf: z.string().optional(),
      url: z.string().url().optional(),
      printer: z.string().max(256).optional(),
      copies: z.number().int().min(1).max(99).optional(),
    })
    .strict()
    .refine((v) => !!v.pdf !== !!v.url, { message: 'pdf or url, exactly one' }),
  printRaw: z.object({ data: z.string().min(1).max(1_000_000), printer: z.string().max(256).optional() }).strict(),
  speak: z
    .object({
      text: z.string().min(1).max(500),
      rate: z.number().min(0.1).max(3).optional(),
      times: z.number().int().min(1).max(10).optional(),
    })
    .strict(),
} as const;
export type BridgeAction = keyof typeof BridgeParamsSchemas;
export const BRIDGE_ACTIONS = Object.keys(BridgeParamsSchemas) as BridgeAction[];
export type BridgeParams<A extends BridgeAction> = z.input<(typeof BridgeParamsSchemas)[A]>;

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
