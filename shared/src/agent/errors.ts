/** Stable error ids of the workstation agent; clients branch on these, never on message text. */
export const AGENT_ERROR_IDS = [
  'FORBIDDEN_ORIGIN',
  'FORBIDDEN_HOST',
  'NOT_FOUND',
  'BAD_REQUEST',
  'TOO_LARGE',
  'VALIDATION',
  'PKCS11_UNAVAILABLE',
  'TOKEN_NOT_PRESENT',
  'CERT_NOT_FOUND',
  'PIN_INCORRECT',
  'PIN_LOCKED',
  'CHALLENGE_FORMAT',
  'DOCUMENT_FORMAT',
  'ORIGIN_NOT_ALLOWED',
  'PRINTER_NOT_FOUND',
  'PRINT_FAILED',
  'SPEECH_FAILED',
  'VIEWER_FAILED',
  'CAPABILITY_UNAVAILABLE',
  'INTERNAL',
] as const;
export type AgentErrorId = (typeof AGENT_ERROR_IDS)[number];

/** Every answer of the agent. `code` is the HTTP status; `error` is set on failures. */
export interface AgentEnvelope<T = unknown> {
  success: boolean;
  msg: string;
  data: T;
  code: number;
  error?: AgentErrorId;
}

/** `data` of a PIN_INCORRECT failure: tries left before the PIN locks, null when the token does not say. */
export interface PinIncorrectData {
  triesLeft: number | null;
}
