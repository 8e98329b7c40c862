import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../../platform/context';
import { OutboundRefused, OutboundUnresolved, outboundPolicy } from '../../platform/core/outbound';
import { device } from '../../platform/db/schema';
import { targetOf } from './forward-service';
import type { FindScope } from './qr-find';
import type { Model } from './qr-query';
import { refusedRetrieve, retrieveItems, SubOperations } from './qr-retrieve';
import { QR_STATUS } from './qr-status';
import type { RetrieveRequest } from './scp-association';
import type { RetrieveIo, RetrieveOutcome } from './scp-operation';
import { storeInstances, type StoreItem } from './store-scu';

/**
 * The device a C-MOVE may send to: registered under the Move Destination AE title, active, and of the
 * caller's hospital, as a forward's device must be (forward-service.ts); its address then passes the
 * outbound policy. Anything else is "Move Destination Unknown" (0xA801) before any connection.
 */
type Destination =
  | { refused: string }
  /** address: null when the device's host name does not resolve now (every sub-operation fails). */
  | { device: typeof device.$inferSelect; address: string | null };

async function destination(deps: Pick<AppDeps, 'db' | 'env'>, aet: string, hospitalCode: string): Promise<Destination> {
  if (!aet || !hospitalCode) return { refused: 'Move destination unknown' };
  const [d] = await deps.db
    .select()
    .from(device)
    .where(and(eq(device.aet, aet), eq(device.status, 1), eq(device.hospital_code, hospitalCode)));
  if (!d) return { refused: 'Move destination unknown' };
  try {
    return { device: d, address: (await outboundPolicy(deps.env).resolve(d.ip))[0]! };
  } catch (err) {
    if (err instanceof OutboundRefused) return { refused: 'Move destination address is not allowed' };
    if (err instanceof OutboundUnresolved) return { device: d, address: null };
    throw err;
  }
}

/**
 * C-MOVE: the named instances go to the destination device through our C-STORE SCU (one association, as a
 * forward), a pending response after each; the peer's C-CANCEL stops before the next instance.
 */
export async function moveInstances(
  deps: Pick<AppDeps, 'db' | 'env' | 'images'>,
  scope: FindScope,
  model: Model,
  rq: RetrieveRequest,
  io: RetrieveIo,
): Promise<RetrieveOutcome> {
  const dest = await destination(deps, rq.moveDestination, scope.hospitalCode);
  if ('refused' in dest) return refusedRetrieve(QR_STATUS.moveDestinationUnknown, dest.refused);
  const items = await retrieveItems(deps.db, scope.hospitalCode, model, rq.identifier, rq.syntax);
  const subs = new SubOperations(items.length);
  if (!dest.address) {
    for (const i of items) subs.done(i.sop_iuid, 'failed');
    return { ...subs.outcome(false), comment: 'Move destination host name does not resolve' };
  }
  const storeItems: StoreItem[] = items.map((i) => ({
    sopIuid: i.sop_iuid,
    sopClass: i.sop_class_uid,
    transferSyntax: i.transfer_syntax,
    open: async () => (await deps.images.get(i.storage_key))?.body ?? null,
  }));
  let pending = Promise.resolve();
  await storeInstances(
    { ...targetOf(dest.device, scope.aet), host: dest.address },
    storeItems,
    (o) => {
      subs.done(o.sopIuid, !o.ok ? 'failed' : o.status === 0 ? 'completed' : 'warning');
      const counts = { ...subs.counts };
      pending = pending.then(() => io.pending(counts));
    },
    { signal: io.signal },
  );
  await pending;
  return subs.outcome(io.signal.aborted);
}
