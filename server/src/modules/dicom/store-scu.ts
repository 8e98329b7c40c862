import type { Readable } from 'node:stream';
import { outgoingDataSet } from './outgoing-dataset';
import { NotPart10 } from './scu-dataset';
import { DicomNetError, ScuAssociation, type DicomFailure } from './scu-association';
import { EXPLICIT_LE, IMPLICIT_LE, type ProposedContext } from './pdu';
import { storedByPeer } from './status';

export interface StoreTarget {
  host: string;
  port: number;
  callingAet: string;
  calledAet: string;
  connectTimeoutMs?: number;
  idleTimeoutMs?: number;
}

/** An instance to send: its identity and a way to open its stored Part 10 bytes (opened only when its turn comes). */
export interface StoreItem {
  sopIuid: string;
  sopClass: string;
  transferSyntax: string;
  open: () => Promise<Readable | null>;
}

/** Why one instance was not stored, for a message in the caller's language. */
export type StoreFailure =
  | { kind: 'net'; failure: DicomFailure; detail: string; reject?: { result: number; source: number; reason: number } }
  | { kind: 'sopClassRefused' }
  | { kind: 'syntaxRefused'; transferSyntax: string }
  | { kind: 'status'; status: number; comment: string }
  | { kind: 'missing' }
  | { kind: 'unreadable'; detail: string };

export type StoreOutcome =
  { sopIuid: string; ok: true; status: number } | { sopIuid: string; ok: false; failure: StoreFailure };

/**
 * The contexts proposed for an instance's class and syntax: its own syntax (explicit little endian with
 * implicit besides); for a compressed syntax a second context of explicit and implicit little endian, which a
 * peer taking uncompressed syntaxes only accepts (the instance then goes re-encoded or decoded).
 */
function proposals(transferSyntax: string): string[][] {
  if (transferSyntax === EXPLICIT_LE) return [[EXPLICIT_LE, IMPLICIT_LE]];
  if (!transferSyntax || transferSyntax === IMPLICIT_LE) return [[IMPLICIT_LE]];
  return [[transferSyntax || IMPLICIT_LE], [EXPLICIT_LE, IMPLICIT_LE]];
}

/** At most 128 presentation contexts (odd ids 1..255) in one association (PS3.8 9.3.2.2). */
const MAX_CONTEXTS = 128;

/**
 * Sends the instances over one association, one after the other, each streamed from the store; reports each
 * outcome as it is known. A failure of the association itself (refused, rejected, aborted, timed out)
 * fails every instance not yet sent with that reason. Once `signal` is aborted (a C-MOVE cancelled), no
 * further instance is sent nor reported, and the association is released.
 */
export async function storeInstances(
  target: StoreTarget,
  items: StoreItem[],
  onOutcome: (o: StoreOutcome) => void,
  o: { signal?: AbortSignal } = {},
) {
  const contextOf = new Map<string, ProposedContext[]>();
  const keyOf = (i: StoreItem) => `${i.sopClass}|${i.transferSyntax}`;
  let proposed = 0;
  for (const i of items) {
    const key = keyOf(i);
    const syntaxes = proposals(i.transferSyntax);
    if (contextOf.has(key) || proposed + syntaxes.length > MAX_CONTEXTS) continue;
    contextOf.set(
      key,
      syntaxes.map((transferSyntaxes) => ({ id: ++proposed * 2 - 1, abstractSyntax: i.sopClass, transferSyntaxes })),
    );
  }
  let next = 0;
  const failRest = (failure: StoreFailure) => {
    for (; next < items.length; next++) onOutcome({ sopIuid: items[next]!.sopIuid, ok: false, failure });
  };
  let assoc: ScuAssociation;
  try {
    assoc = await ScuAssociation.open({ ...target, contexts: [...contextOf.values()].flat() });
  } catch (err) {
    failRest(netFailure(err));
    return;
  }
  try {
    for (; next < items.length && !o.signal?.aborted; next++) {
      const item = items[next]!;
      onOutcome(await storeOne(assoc, contextOf.get(keyOf(item)), item));
    }
    await assoc.release();
  } catch (err) {
    assoc.abort();
    if (!(err instanceof DicomNetError)) throw err;
    failRest(netFailure(err));
  }
}

/** One instance; a DicomNetError (the association broke) propagates, anything about this instance alone is its outcome. */
async function storeOne(
  assoc: ScuAssociation,
  proposed: ProposedContext[] | undefined,
  item: StoreItem,
): Promise<StoreOutcome> {
  const fail = (failure: StoreFailure): StoreOutcome => ({ sopIuid: item.sopIuid, ok: false, failure });
  const answers = (proposed ?? []).map((p) => assoc.contexts.get(p.id)).filter((a) => a !== undefined);
  const taken = answers.filter((a) => a.result === 0);
  // As stored when the peer took that syntax; else on the uncompressed context.
  const accepted = taken.find((a) => a.transferSyntax === item.transferSyntax) ?? taken[0];
  if (!accepted) {
    if (!answers.length || answers.every((a) => a.result === 3)) return fail({ kind: 'sopClassRefused' });
    return fail({ kind: 'syntaxRefused', transferSyntax: item.transferSyntax });
  }
  const file = await item.open();
  if (!file) return fail({ kind: 'missing' });
  const dataSet = await outgoingDataSet(file, item.transferSyntax, accepted.transferSyntax);
  if (!dataSet) return fail({ kind: 'unreadable', detail: `not sendable as ${accepted.transferSyntax}` });
  let rsp;
  try {
    rsp = await assoc.store(accepted.id, item.sopClass, item.sopIuid, dataSet);
  } catch (err) {
    file.destroy();
    // A file found unreadable mid-way leaves a half-sent data set: the association cannot go on.
    if (err instanceof NotPart10) throw new DicomNetError('aborted', err.message);
    throw err;
  }
  // 0000 success; Bxxx warnings (coercion, elements discarded) still stored the instance.
  if (storedByPeer(rsp.status)) return { sopIuid: item.sopIuid, ok: true, status: rsp.status };
  return fail({ kind: 'status', status: rsp.status, comment: rsp.comment });
}

function netFailure(err: unknown): StoreFailure {
  if (err instanceof DicomNetError) return { kind: 'net', failure: err.kind, detail: err.detail, reject: err.reject };
  return { kind: 'net', failure: 'closed', detail: (err as Error).message };
}
