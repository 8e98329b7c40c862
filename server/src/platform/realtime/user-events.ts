import type { RealtimeServerMessage, SessionEndReason } from '@shared/protocol/realtime';

/**
 * Events about signed-in users that every server process must deliver to its own sockets (a user's tabs
 * may be connected to any of them), through the fan-out.
 */

/** The user's sessions were ended (locked, password reset, removed): their tabs sign out with the reason. */
export const SESSIONS_CHANNEL = 'sessions';
export type SessionsEndedEvent =
  | { user_pk: number; reason: SessionEndReason }
  /** One session signed out: its sockets close (no message: the tab is leaving, or follows at its next request). */
  | { user_pk: number; session_pk: number };

/** Access changed: the tabs of the users concerned reload their user info. */
export const ACCESS_CHANNEL = 'access';
/**
 * Whose menus, permissions or hospital changed: named users (an administrator saved them) or every holder
 * of a role (its permissions or name changed).
 */
export type AccessEvent = { user_pks: number[] } | { role_pk: number };

/** A message for named users' open tabs, on every process (a critical result to acknowledge). */
export const USERS_CHANNEL = 'users';
export type UsersEvent = { user_pks: number[]; message: RealtimeServerMessage };
