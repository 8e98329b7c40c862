import type { Db, DbKind } from './db/client';
import type { Env } from './core/env';
import type { Metrics } from './metrics';
import type { Strain } from './strain';
import type { BackupManifest } from './backup/backup';
import type { Logger } from './core/logger';
import type { RealtimeHub, ScreenHub } from './realtime/types';
import type { Fanout } from './realtime/fanout';
import type { ImageStore } from './storage/store';
import type { AuthUser } from './core/auth-user';

export interface AppDeps {
  db: Db;
  dbKind: DbKind;
  log: Logger;
  env: Env;
  /** Pushes to open tabs (session ended, and later the queue's calls). */
  realtime: RealtimeHub;
  /** Events every server process sees (PostgreSQL LISTEN/NOTIFY; in-process with PGlite). */
  fanout: Fanout;
  /** The call screens' sockets (/websocket.ws/{pk}). */
  screens: ScreenHub;
  /** Bytes of the DICOM instances (server/src/modules/images). */
  images: ImageStore;
  /**
   * The request's user from its token, or a 401 AppError: a session (the auth module) or a third-party
   * app's access token (the oauth module), composed at start so the platform's guard needs neither.
   */
  authenticate: (token: string, path: string) => Promise<AuthUser>;
  /** Writes a backup of this installation into a new folder (platform/backup). */
  backup: (dir: string) => Promise<BackupManifest>;
  /** The secret of DATA_DIR/ops.token (a server holding the embedded database on disk), for POST /ops/backup. */
  opsToken?: string;
  /** What GET /metrics reports; modules add their gauges at start. */
  metrics: Metrics;
  /** Requests the gate turned away or kept waiting, over the last day (the embedded database's limit). */
  strain: Strain;
  /** Injectable clock (tests replace it); unset means the system clock. */
  now?: () => Date;
}

export type AppEnv = {
  Variables: { deps: AppDeps; user: AuthUser; requestId: string };
};
