import type { EventEmitter } from 'node:events';
import type { SessionEndReason } from '@shared/protocol/realtime';

export type { SessionEndReason };

/**
 * Server push to open tabs. The WebSocket endpoint, its sign-in and keepalive are built on this; callers
 * only announce what happened.
 */
export interface RealtimeHub {
  /** Every open tab of the user is told its session ended (after the sessions are revoked in the database). */
  sessionsEnded(userPk: number, reason: SessionEndReason): void;
  /** Signed-in tabs of the hospital refresh that room's queue (registration desk, call panel). */
  queueChanged(hospitalCode: string, callRoom: string): void;
  /** Serves the socket at REALTIME_PATH (and the call screens' /websocket.ws/{pk}) on this Node HTTP server (its 'upgrade' event). */
  attach(server: EventEmitter): void;
  /** Authenticated sockets of a user (tests, diagnostics). */
  connections(userPk: number): number;
  close(): Promise<void>;
}
