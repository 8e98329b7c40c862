import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { EventEmitter } from 'node:events';
import type { RealtimeServerMessage, SessionEndReason } from '@shared/protocol/realtime';
import type { AccessEvent } from './user-events';

export type { SessionEndReason };

/**
 * Server push to open tabs. The WebSocket endpoint, its sign-in and keepalive are built on this; callers
 * only announce what happened.
 */
export interface RealtimeHub {
  /**
   * Every open tab of the user, on every server process, is told its session ended (after the sessions are
   * revoked in the database).
   */
  sessionsEnded(userPk: number, reason: SessionEndReason): void;
  /** The sockets of one session, on every server process, close (after the session is revoked at sign-out). */
  signedOut(userPk: number, sessionPk: number): void;
  /**
   * Open tabs of the users concerned, on every server process, reload their user info (after the change is
   * committed); the hub also takes their new hospital for the queue's pushes. Never rejects.
   */
  accessChanged(event: AccessEvent): Promise<void>;
  /** The open tabs of these users, on every server process, get the message (after the change is committed). Never rejects. */
  toUsers(userPks: number[], message: RealtimeServerMessage): Promise<void>;
  /** Signed-in tabs of the hospital refresh that room's queue (registration desk, call panel). */
  queueChanged(hospitalCode: string, callRoom: string): void;
  /** Serves the socket at REALTIME_PATH (and the call screens' /websocket.ws/{pk}) on this Node HTTP server (its 'upgrade' event). */
  attach(server: EventEmitter): void;
  /** Authenticated sockets of a user (tests, diagnostics). */
  connections(userPk: number): number;
  close(): Promise<void>;
}

/** The call screens' sockets (the queue module's), served on the same HTTP server and routed by path. */
export interface ScreenHub {
  /** Serves `GET /websocket.ws/{pk}?key=`: refuses (401/403/404) before the handshake unless the key fits. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** Open sockets of a device on this process (tests, diagnostics). */
  connections(devicePk: number): number;
  close(): Promise<void>;
}
