import { and, asc, eq, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { Hl7PeerRow, Hl7PeerSaveSchema } from '@shared/schemas/his';
import type { AuthUser } from '../../platform/core/auth-user';
import type { Db, Tx } from '../../platform/db/client';
import { hl7Peer, hospital } from '../../platform/db/schema';
import { AppError, notFound } from '../../platform/core/errors';
import { translate } from '../../platform/core/i18n';
import type { OutboundPolicy } from '../../platform/core/outbound';
import { checkAddressToSave } from '../../platform/core/outbound-refusal';
import { auditChange } from '../../platform/audit';
import type { Caller } from '../../platform/http/caller';
import { duplicate, isUniqueViolation } from '../../platform/conflict';
import { hospitalScope, hospitalToSave, inScope } from '../../platform/hospital-scope';

type PeerInput = z.output<typeof Hl7PeerSaveSchema>;
type PeerRecord = typeof hl7Peer.$inferSelect;

/** The HIS interfaces of the caller's hospitals, by name. */
export async function peerList(db: Db, me: AuthUser, hospitalCode?: string): Promise<Hl7PeerRow[]> {
  return db
    .select({
      pk: hl7Peer.pk,
      name: hl7Peer.name,
      hospital_code: hl7Peer.hospital_code,
      hospital_name: hospital.name,
      address: hl7Peer.address,
      facility: hl7Peer.facility,
      charset: hl7Peer.charset,
      result_host: hl7Peer.result_host,
      result_port: hl7Peer.result_port,
      status: hl7Peer.status,
    })
    .from(hl7Peer)
    .leftJoin(hospital, eq(hospital.code, hl7Peer.hospital_code))
    .where(
      and(
        inScope(await hospitalScope(db, me), hl7Peer.hospital_code),
        hospitalCode ? eq(hl7Peer.hospital_code, hospitalCode) : undefined,
      ),
    )
    .orderBy(asc(hl7Peer.name), asc(hl7Peer.pk))
    .then((rows) => rows.map((r) => ({ ...r, hospital_name: r.hospital_name ?? '' })));
}

/** An interface the caller may manage, locked for the change; another hospital's reads as absent (404). */
async function ownPeer(tx: Tx, user: AuthUser, pk: number): Promise<PeerRecord> {
  const [row] = await tx.select().from(hl7Peer).where(eq(hl7Peer.pk, pk)).for('update');
  if (!row || (!user.isSuper && row.hospital_code !== user.hospital_code)) throw notFound();
  return row;
}

/**
 * Creates (no pk) or updates an HIS interface. Names are unique (409). Results go only where the outbound
 * policy allows (400 naming result_host), and need both a host and a port.
 */
export async function savePeer(db: Db, who: Caller, v: PeerInput, outbound: OutboundPolicy): Promise<PeerRecord> {
  if (!!v.result_host !== !!v.result_port)
    throw AppError.validation('validation', [
      { field: v.result_host ? 'result_port' : 'result_host', msg: translate(who.locale, 'required') },
    ]);
  if (v.result_host) await checkAddressToSave(outbound, v.result_host, who.locale, 'result_host');
  try {
    return await db.transaction(async (tx) => {
      const before = v.pk === undefined ? undefined : await ownPeer(tx, who.me, v.pk);
      const hospital_code = await hospitalToSave(tx, who, v.hospital_code, before?.hospital_code);
      const taken = await tx.$count(hl7Peer, and(eq(hl7Peer.name, v.name), v.pk ? ne(hl7Peer.pk, v.pk) : undefined));
      if (Number(taken)) throw duplicate(who.locale, 'name', v.name);
      const { pk: _pk, ...fields } = v;
      const values = { ...fields, hospital_code };
      const [after] = before
        ? await tx.update(hl7Peer).set(values).where(eq(hl7Peer.pk, before.pk)).returning()
        : await tx.insert(hl7Peer).values(values).returning();
      await auditChange(tx, who.me, {
        action: before ? 'hl7_peer.update' : 'hl7_peer.create',
        target: `hl7_peer:${after!.pk}`,
        before: before ?? null,
        after: after!,
        ip: who.ip,
      });
      return after!;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicate(who.locale, 'name', v.name);
    throw err;
  }
}

export async function deletePeer(db: Db, who: Caller, pk: number): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await ownPeer(tx, who.me, pk);
    await tx.delete(hl7Peer).where(eq(hl7Peer.pk, pk));
    await auditChange(tx, who.me, { action: 'hl7_peer.delete', target: `hl7_peer:${pk}`, before, ip: who.ip });
  });
}
