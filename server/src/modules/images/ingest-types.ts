import type { AppDeps } from '../../platform/context';
import type { MessageKey, Params } from '../../platform/core/i18n';
import type { InstanceMeta } from './parse';

/** What an ingest is given and what it tells of each file: shared by the ingest and its row writer. */
export type FileOutcome =
  | { file: string; status: 'uploaded' | 'duplicate'; study_iuid: string; sop_iuid: string }
  | { file: string; status: 'failed'; reason: { key: MessageKey; params?: Params } };

export interface IngestContext {
  deps: AppDeps;
  who: { pk: number; username: string };
  hospitalCode: string;
  ip: string;
  /**
   * Instances a peer was already told are stored (C-STORE, indexed after the answer): a deleted study takes
   * them (a restore brings them back with it) rather than refusing what was acknowledged.
   */
  acknowledged?: boolean;
}

/**
 * A parsed instance whose bytes are in the store; `created` when this upload put them there. `file`: its bytes
 * wait in a durable local file that the store takes at the batch's flush (putFiles), all in one go.
 */
export type Stored = {
  name: string;
  size: number;
  meta: InstanceMeta;
  key: string;
  created: boolean;
  file?: string;
  /** A put of it failed half-way: whether it created the bytes is not known. */
  uncertain?: boolean;
};
