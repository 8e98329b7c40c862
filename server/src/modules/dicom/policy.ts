import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../../platform/context';
import { device } from '../../platform/db/schema';
import { getConfigs } from '../../platform/config';

/** An IPv4 peer seen through a dual-stack socket (`::ffff:10.0.0.5`) is the IPv4 address; case and zone ids dropped. */
export function normaliseAddress(address: string | undefined): string {
  let a = (address ?? '').trim().toLowerCase();
  const zone = a.indexOf('%');
  if (zone >= 0) a = a.slice(0, zone);
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(a);
  return mapped ? mapped[1]! : a;
}

/** Whether a device's registered address (an IP, or a host name resolved now) is the peer's. */
export async function addressMatches(registered: string, peer: string): Promise<boolean> {
  const want = normaliseAddress(peer);
  if (!registered.trim()) return false;
  if (isIP(registered.trim())) return normaliseAddress(registered) === want;
  const found = await lookup(registered.trim(), { all: true }).catch(() => []);
  return found.some((a) => normaliseAddress(a.address) === want);
}

export interface Caller {
  callingAet: string;
  calledAet: string;
  address: string;
}

export type AssociationDecision =
  | {
      ok: true;
      /** The registered device the caller is, when there is one: its hospital receives the images. */
      device: { pk: number; name: string; aet: string; hospital_code: string } | null;
    }
  | { ok: false; reason: 'calling-aet' | 'called-aet' };

const FLAG_TTL_MS = 5_000;

/**
 * Who may associate: the called AE title must be ours; the calling one a registered, active device whose
 * address is the peer's. The administrator's `dicom_accept_any` lets any caller in (read per association,
 * cached a few seconds); a caller that is a registered AE title then still brings its device's hospital.
 */
export function createAssociationPolicy(deps: AppDeps, ourAet: string) {
  let flag: { value: boolean; at: number } | null = null;
  const acceptAny = async () => {
    const now = Date.now();
    if (!flag || now - flag.at > FLAG_TTL_MS) {
      const { dicom_accept_any } = await getConfigs(deps.db, ['dicom_accept_any']);
      flag = { value: dicom_accept_any === 'Y', at: now };
    }
    return flag.value;
  };
  return {
    async decide(c: Caller): Promise<AssociationDecision> {
      if (c.calledAet.trim() !== ourAet) return { ok: false, reason: 'called-aet' };
      const [row] = await deps.db
        .select({
          pk: device.pk,
          name: device.name,
          aet: device.aet,
          ip: device.ip,
          hospital_code: device.hospital_code,
        })
        .from(device)
        .where(and(eq(device.aet, c.callingAet.trim()), eq(device.status, 1)));
      const known = row ? { pk: row.pk, name: row.name, aet: row.aet, hospital_code: row.hospital_code } : null;
      if (row && (await addressMatches(row.ip, c.address))) return { ok: true, device: known };
      if (await acceptAny()) return { ok: true, device: known };
      return { ok: false, reason: 'calling-aet' };
    },
    /** Tests and the settings screen's change take effect at once rather than within the cache's seconds. */
    forget() {
      flag = null;
    },
  };
}
export type AssociationPolicy = ReturnType<typeof createAssociationPolicy>;
