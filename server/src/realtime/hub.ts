/** Why a user's sessions ended; the signed-in tabs show it on the sign-in page. */
export type SessionEndReason = 'locked' | 'password_reset' | 'deleted';

/**
 * Server push to open tabs. The WebSocket endpoint, its sign-in and keepalive are built on this; callers
 * only announce what happened.
 */
export interface RealtimeHub {
  /** Every open tab of the user is told its session ended (after the sessions are revoked in the database). */
  sessionsEnded(userPk: number, reason: SessionEndReason): void;
  close(): Promise<void>;
}

export function createRealtimeHub(): RealtimeHub {
  return {
    sessionsEnded() {},
    async close() {},
  };
}
