import { responseTo, storeRequest, type Command } from './dimse-command';
import { encodeElements } from './mwl-encode';
import { QR_COMMAND, withCounts } from './qr-command';
import { QR_STATUS, type Counts } from './qr-status';
import { DIMSE_STATUS } from './status';

/**
 * What runs while the association keeps reading: a C-FIND sending its matches, a C-MOVE or C-GET running its
 * sub-operations. The peer's C-CANCEL aborts the operation's signal; a C-GET's C-STORE responses come back
 * through deliver(). Nothing here logs patient data.
 */

/** An accepted presentation context as the operations see it. */
export interface NegotiatedContext {
  abstractSyntax: string;
  transferSyntax: string;
  /** The caller took the SCP role for this SOP class (role selection): C-GET's C-STORE may go out on it. */
  peerIsScp: boolean;
}

/** The association's side the operations write through. */
export interface DimseChannel {
  readonly contexts: ReadonlyMap<number, NegotiatedContext>;
  /** One command or data set as PDVs; resolves when the connection takes more. */
  send(contextId: number, command: boolean, bytes: Buffer): Promise<void>;
  /**
   * The operation's last message, handed to the connection at once: the operation is over before anything
   * else the peer sends (its A-RELEASE-RQ) can be read.
   */
  sendFinal(contextId: number, command: boolean, bytes: Buffer): void;
  /** A data set from chunks, in fragments the peer takes; the last one carries the last flag. */
  sendStream(contextId: number, chunks: AsyncIterable<Buffer>): Promise<void>;
}

export class AssociationGone extends Error {}

export class RunningOperation {
  private readonly controller = new AbortController();
  private readonly waiting = new Map<number, { resolve: (c: Command) => void; reject: (e: Error) => void }>();
  private nextId = 0;

  constructor(readonly messageId: number) {}

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  cancel(): void {
    this.controller.abort();
  }

  /** A message id for a sub-operation request of ours, and the promise of its response. */
  expect(): { id: number; response: Promise<Command> } {
    const id = (this.nextId = (this.nextId % 0xffff) + 1);
    const response = new Promise<Command>((resolve, reject) => this.waiting.set(id, { resolve, reject }));
    return { id, response };
  }

  /** A response of the peer's to one of our sub-operations. */
  deliver(rsp: Command): void {
    const w = this.waiting.get(rsp.respondingTo);
    this.waiting.delete(rsp.respondingTo);
    w?.resolve(rsp);
  }

  /** The association ended: nothing more can be sent nor answered. */
  stop(): void {
    this.controller.abort();
    for (const w of this.waiting.values()) w.reject(new AssociationGone('the association ended'));
    this.waiting.clear();
  }
}

export type Matches = Iterable<Buffer> | AsyncIterable<Buffer>;

/** C-FIND: each match as a pending response (0xFF00, or `pendingStatus`), then the final one; a cancel ends it early. */
export async function runFind(
  ch: DimseChannel,
  op: RunningOperation,
  cmd: Command,
  contextId: number,
  found: { matches: Matches; final: { status: number; comment?: string | undefined }; pendingStatus?: number },
) {
  let final = found.final;
  for await (const m of found.matches) {
    if (op.signal.aborted) break;
    await ch.send(contextId, true, responseTo(cmd, found.pendingStatus ?? DIMSE_STATUS.pending, { withDataSet: true }));
    await ch.send(contextId, false, m);
  }
  if (op.signal.aborted) final = { status: QR_STATUS.cancel };
  ch.sendFinal(contextId, true, responseTo(cmd, final.status, { comment: final.comment?.slice(0, 64) }));
}

/** Where a retrieve stands: pending responses carry it, the final one its status. */
export interface RetrieveOutcome {
  status: number;
  comment?: string | undefined;
  counts: Counts;
  /** The SOP instances whose sub-operation failed (sent as Failed SOP Instance UID List). */
  failedUids: string[];
}

/** What a C-MOVE or C-GET handler uses of the association while it runs. */
export interface RetrieveIo {
  /** Aborted by the peer's C-CANCEL, or when the association ends. */
  readonly signal: AbortSignal;
  /** A pending response with these counts. */
  pending(c: Counts): Promise<void>;
  /** C-GET: contexts the peer takes C-STORE on for this SOP class (SCP role), with their transfer syntax. */
  storeContexts(sopClass: string): { id: number; transferSyntax: string }[];
  /** C-GET: one C-STORE sub-operation on this association; resolves with the peer's response. */
  store(contextId: number, sopClass: string, sopInstance: string, dataSet: AsyncIterable<Buffer>): Promise<Command>;
}

export function retrieveIo(ch: DimseChannel, op: RunningOperation, cmd: Command, contextId: number): RetrieveIo {
  return {
    signal: op.signal,
    pending: (c) => ch.send(contextId, true, withCounts(responseTo(cmd, DIMSE_STATUS.pending), c, true)),
    storeContexts: (sopClass) =>
      [...ch.contexts]
        .filter(([, c]) => c.peerIsScp && c.abstractSyntax === sopClass)
        .map(([id, c]) => ({ id, transferSyntax: c.transferSyntax })),
    async store(storeContext, sopClass, sopInstance, dataSet) {
      const { id, response } = op.expect();
      await ch.send(storeContext, true, storeRequest(id, sopClass, sopInstance));
      await ch.sendStream(storeContext, dataSet);
      return response;
    },
  };
}

/** Failed SOP Instance UID List (0008,0058): one UI value, under 64 KiB (its explicit VR length); cut short beyond. */
const FAILED_LIST = 0x00080058;
const MAX_LIST_BYTES = 0xfff0;

/**
 * The final C-MOVE/C-GET response. A C-MOVE's carries the failed instances' list as its identifier when there
 * are any (PS3.4 C.4.2.1.3.1); a C-GET's does not: dcmtk's getscu does not read an identifier there and then
 * fails its release on the unread data set, and the list is what the peer's own C-STORE responses told it.
 */
export function finishRetrieve(ch: DimseChannel, cmd: Command, contextId: number, syntax: string, o: RetrieveOutcome) {
  let list = '';
  for (const uid of cmd.command === QR_COMMAND.C_MOVE_RQ ? o.failedUids : []) {
    const next = list ? `${list}\\${uid}` : uid;
    if (next.length > MAX_LIST_BYTES) break;
    list = next;
  }
  const rsp = responseTo(cmd, o.status, { comment: o.comment?.slice(0, 64), withDataSet: !!list });
  const command = withCounts(rsp, o.counts, o.status === QR_STATUS.cancel);
  ch.sendFinal(contextId, true, command);
  if (list)
    ch.sendFinal(contextId, false, encodeElements([{ tag: FAILED_LIST, vr: 'UI', value: list }], syntax, 'ascii'));
}
