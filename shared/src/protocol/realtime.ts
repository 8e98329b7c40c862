import { z } from 'zod';

/** The platform's push socket (same origin as the page). The token goes in the first message, never the URL. */
export const REALTIME_PATH = '/realtime';
/** A socket that has not authenticated within this time is closed. */
export const REALTIME_AUTH_TIMEOUT_MS = 5_000;

/** Close codes of the realtime socket (4000-4999: the application's own). */
export const REALTIME_CLOSE = {
  /** Bad or missing first message, or a token the server does not accept. */
  unauthorized: 4401,
  /** The user's sessions were ended by an administrator (session_ended was sent first). */
  sessionEnded: 4001,
  /** No auth message within REALTIME_AUTH_TIMEOUT_MS. */
  authTimeout: 4408,
  /** The socket's own session signed out (from this tab or another holding the same session). */
  signedOut: 4002,
} as const;

export const SESSION_END_REASONS = ['locked', 'password_reset', 'deleted'] as const;
export const SessionEndReasonSchema = z.enum(SESSION_END_REASONS);
/** Why a user's sessions ended; the signed-in tabs show it on the sign-in page. */
export type SessionEndReason = z.infer<typeof SessionEndReasonSchema>;

export const RealtimeClientMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('auth'), token: z.string().min(1).max(256) }),
  z.object({ type: z.literal('ping') }),
]);
export type RealtimeClientMessage = z.infer<typeof RealtimeClientMessageSchema>;

export const RealtimeServerMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  z.object({ type: z.literal('pong') }),
  z.object({ type: z.literal('session_ended'), reason: SessionEndReasonSchema }),
  /** The user's role, permissions or hospital changed: the tab reloads the user info (menus, guards). */
  z.object({ type: z.literal('access_changed') }),
  /** A registration of the hospital changed (queue desk and call panels refresh that room's list). */
  z.object({ type: z.literal('queue_changed'), hospital_code: z.string(), call_room: z.string() }),
  /**
   * A critical result waits for this user's acknowledgement (set on a report for their department, or escalated
   * to them); `closed`: acknowledged or withdrawn, the reminder goes.
   */
  z.object({
    type: z.literal('critical_result'),
    pk: z.number().int(),
    study_iuid: z.string(),
    patient_name: z.string(),
    text: z.string(),
    department: z.string(),
    escalated: z.boolean(),
    closed: z.boolean(),
  }),
]);
export type RealtimeServerMessage = z.infer<typeof RealtimeServerMessageSchema>;
