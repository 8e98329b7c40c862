import type { Readable } from 'node:stream';
import { ConvertError, explicitToImplicit } from './explicit-to-implicit';
import { dataSetOf, NotPart10 } from './scu-dataset';
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

/** The syntaxes proposed for an instance: its own, and implicit little endian besides for explicit little endian. */
function proposals(transferSyntax: string): string[] {
  return transferSyntax === EXPLICIT_LE ? [EXPLICIT_LE, IMPLICIT_LE] : [transferSyntax || IMPLICIT_LE];
}

/** At most 128 presentation contexts (odd ids 1..255) in one association (PS3.8 9.3.2.2). */
const MAX_CONTEXTS = 128;

/**
 * Sends the instances over one association, one after the other, each streamed from the store; reports each
 * outcome as it is known. A failure of the association itself (refused, rejected, aborted, timed out)
 * fails every instance not yet sent with that reason.
 */
export async function storeInstances(target: StoreTarget, items: StoreItem[], onOutcome: (o: StoreOutcome) => void) {
  const contextOf = new Map<string, ProposedContext>();
  const keyOf = (i: StoreItem) => `${i.sopClass}|${i.transferSyntax}`;
  for (const i of items) {
    const key = keyOf(i);
    if (contextOf.has(key) || contextOf.size >= MAX_CONTEXTS) continue;
    contextOf.set(key, {
      id: contextOf.size * 2 + 1,
      abstractSyntax: i.sopClass,
      transferSyntaxes: proposals(i.transferSyntax),
    });
  }
  let next = 0;
  const failRest = (failure: StoreFailure) => {
    for (; next < items.length; next++) onOutcome({ sopIuid: items[next]!.sopIuid, ok: false, failure });
  };
  let assoc: ScuAssociation;
  try {
    assoc = await ScuAssociation.open({ ...target, contexts: [...contextOf.values()] });
  } catch (err) {
    failRest(netFailure(err));
    return;
  }
  try {
    for (; next < items.length; next++) {
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
  proposed: ProposedContext | undefined,
  item: StoreItem,
): Promise<StoreOutcome> {
  const fail = (failure: StoreFailure): StoreOutcome => ({ sopIuid: item.sopIuid, ok: false, failure });
  const accepted = proposed && assoc.contexts.get(proposed.id);
  if (!accepted || accepted.result === 3) return fail({ kind: 'sopClassRefused' });
  if (accepted.result !== 0) return fail({ kind: 'syntaxRefused', transferSyntax: item.transferSyntax });
  const file = await item.open();
  if (!file) return fail({ kind: 'missing' });
  // The first chunk is read before the C-STORE request goes out, so a file that is not Part 10 fails alone.
  const it = dataSetOf(file)[Symbol.asyncIterator]();
  let first: IteratorResult<Buffer>;
  try {
    first = await it.next();
  } catch (err) {
    file.destroy();
    if (err instanceof NotPart10) return fail({ kind: 'unreadable', detail: err.message });
    throw err;
  }
  let dataSet: AsyncIterable<Buffer> = (async function* () {
    if (first.done) return;
    yield first.value;
    for (let n = await it.next(); !n.done; n = await it.next()) yield n.value;
  })();
  if (accepted.transferSyntax !== item.transferSyntax) {
    // Only explicit -> implicit little endian is ever proposed besides the stored syntax.
    try {
      const parts: Buffer[] = [];
      for await (const c of dataSet) parts.push(c);
      const converted = explicitToImplicit(Buffer.concat(parts));
      dataSet = (async function* () {
        yield converted;
      })();
    } catch (err) {
      if (err instanceof ConvertError || err instanceof NotPart10)
        return fail({ kind: 'unreadable', detail: err.message });
      throw err;
    }
  }
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
