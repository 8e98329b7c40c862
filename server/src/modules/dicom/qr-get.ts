import type { AppDeps } from '../../platform/context';
import { outgoingDataSet } from './outgoing-dataset';
import type { FindScope } from './qr-find';
import type { Model } from './qr-query';
import { retrieveItems, SubOperations, type RetrieveItem, type SubResult } from './qr-retrieve';
import type { RetrieveRequest } from './scp-association';
import type { RetrieveIo, RetrieveOutcome } from './scp-operation';
import { storedByPeer } from './status';
import { EXPLICIT_LE, IMPLICIT_LE } from './syntaxes';

/**
 * C-GET: the named instances go back on the caller's own association, as C-STORE sub-operations on the
 * storage contexts it proposed with the SCP role (PS3.4 C.4.3, PS3.7 D.3.3.4), one at a time, a pending
 * response after each; the peer's C-CANCEL stops before the next instance.
 */
export async function getInstances(
  deps: Pick<AppDeps, 'db' | 'images'>,
  scope: FindScope,
  model: Model,
  rq: RetrieveRequest,
  io: RetrieveIo,
): Promise<RetrieveOutcome> {
  const items = await retrieveItems(deps.db, scope.hospitalCode, model, rq.identifier, rq.syntax);
  const subs = new SubOperations(items.length);
  for (const item of items) {
    if (io.signal.aborted) break;
    subs.done(item.sop_iuid, await getOne(deps, io, item));
    await io.pending(subs.counts);
  }
  return subs.outcome(io.signal.aborted);
}

/**
 * One instance: in its stored transfer syntax on a context that took it, else on the context of explicit (or
 * implicit) VR little endian, re-encoded or decoded for it (outgoing-dataset.ts). One that cannot be is failed.
 */
async function getOne(deps: Pick<AppDeps, 'images'>, io: RetrieveIo, item: RetrieveItem): Promise<SubResult> {
  const contexts = io.storeContexts(item.sop_class_uid);
  const context =
    contexts.find((c) => c.transferSyntax === item.transfer_syntax) ??
    contexts.find((c) => c.transferSyntax === EXPLICIT_LE) ??
    contexts.find((c) => c.transferSyntax === IMPLICIT_LE);
  if (!context) return 'failed';
  const file = (await deps.images.get(item.storage_key))?.body;
  if (!file) return 'failed';
  const dataSet = await outgoingDataSet(file, item.transfer_syntax, context.transferSyntax);
  if (!dataSet) return 'failed';
  const rsp = await io.store(context.id, item.sop_class_uid, item.sop_iuid, dataSet);
  if (rsp.status === 0) return 'completed';
  return storedByPeer(rsp.status) ? 'warning' : 'failed';
}
