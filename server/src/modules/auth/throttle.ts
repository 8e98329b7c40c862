import { and, eq, gt, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { loginThrottle } from '../../platform/db/schema';

/**
 * Rows of login_throttle: failures of one username from one address, of a username from strangers, of an
 * address, and of a username from one of its devices (`ip` holds the hash of the device credential, device.ts).
 */
const KIND = { pair: 0, account: 1, address: 2, device: 3 } as const;
export const DEVICE_KIND = KIND.device;
export type ThrottleScope = keyof typeof KIND;

/** Failures answered at once before the back-off starts, per scope. */
export const FREE_FAILS: Record<ThrottleScope, number> = { pair: 3, account: 10, address: 20, device: 3 };
const BASE_S = 2;
const CAP_S = 15 * 60;
/** A count whose last failure is older than this starts again at 1. */
const FORGET_MS = 24 * 3600_000;
/** An address (a device) the account signed in from within this time is a known one. */
export const KNOWN_MS = 90 * 86_400_000;

/** Seconds of back-off after `fails` failures: 0 below the free ones, then doubling up to 15 minutes. */
export const backoffSeconds = (fails: number, free: number): number =>
  fails < free ? 0 : Math.min(BASE_S * 2 ** (fails - free), CAP_S);

export interface ThrottleEvent {
  scope: ThrottleScope;
  fails: number;
  seconds: number;
}

const pairOf = (username: string, ip: string) => ({ kind: KIND.pair, username, ip });
const deviceOf = (username: string, deviceHash: string) => ({ kind: KIND.device, username, ip: deviceHash });
/** For the device scope, `ip` is the device's hash. */
const keyOf = (scope: ThrottleScope, username: string, ip: string) =>
  scope === 'pair'
    ? pairOf(username, ip)
    : scope === 'device'
      ? deviceOf(username, ip)
      : scope === 'account'
        ? { kind: KIND.account, username, ip: '' }
        : { kind: KIND.address, username: '', ip };
const where = (k: { kind: number; username: string; ip: string }) =>
  and(eq(loginThrottle.kind, k.kind), eq(loginThrottle.username, k.username), eq(loginThrottle.ip, k.ip));

/** Whether the account has signed in from this address lately: then only its own failures there slow it. */
export async function isKnownAddress(db: Db, username: string, ip: string): Promise<boolean> {
  const [row] = await db
    .select({ at: loginThrottle.last_success })
    .from(loginThrottle)
    .where(where(pairOf(username, ip)));
  return !!row?.at && row.at.getTime() > Date.now() - KNOWN_MS;
}

/** Whether `deviceHash` is a device the account signed in from lately (device.ts issues and checks them). */
export async function isKnownDevice(db: Db, username: string, deviceHash: string): Promise<boolean> {
  const [row] = await db
    .select({ at: loginThrottle.last_success })
    .from(loginThrottle)
    .where(where(deviceOf(username, deviceHash)));
  return !!row?.at && row.at.getTime() > Date.now() - KNOWN_MS;
}

/** The scopes a failure of this username from this address counts in: strangers count in all three. */
const scopesFor = (known: boolean): ThrottleScope[] => (known ? ['pair'] : ['pair', 'account', 'address']);

/**
 * The rows a try is judged by: from a known device, only that device's own failures; otherwise by address.
 * `device` is the hash of a device credential already checked to be the account's (device.ts), or null.
 */
async function keysFor(db: Db, username: string, ip: string, device: string | null) {
  if (device) return [{ scope: 'device' as const, key: deviceOf(username, device) }];
  const scopes = scopesFor(await isKnownAddress(db, username, ip));
  return scopes.map((scope) => ({ scope, key: keyOf(scope, username, ip) }));
}

/** Seconds before this username may be tried again from this address (device); 0 when it may be tried now. */
export async function waitSeconds(db: Db, username: string, ip: string, device: string | null = null): Promise<number> {
  const keys = (await keysFor(db, username, ip, device)).map((k) => k.key);
  const rows = await db
    .select({ until: loginThrottle.blocked_until })
    .from(loginThrottle)
    .where(or(...keys.map(where)));
  const until = Math.max(0, ...rows.map((r) => r.until?.getTime() ?? 0));
  return until > Date.now() ? Math.ceil((until - Date.now()) / 1000) : 0;
}

async function countIn(
  db: Db,
  scope: ThrottleScope,
  key: { kind: number; username: string; ip: string },
): Promise<ThrottleEvent> {
  const now = new Date();
  const stale = new Date(now.getTime() - FORGET_MS);
  const [row] = await db
    .insert(loginThrottle)
    .values({ ...key, fails: 1, last_fail: now })
    .onConflictDoUpdate({
      target: [loginThrottle.kind, loginThrottle.username, loginThrottle.ip],
      set: {
        fails: sql`case when ${loginThrottle.last_fail} < ${stale} then 1 else ${loginThrottle.fails} + 1 end`,
        last_fail: now,
      },
    })
    .returning({ fails: loginThrottle.fails });
  const fails = row?.fails ?? 1;
  const seconds = backoffSeconds(fails, FREE_FAILS[scope]);
  if (seconds) {
    await db
      .update(loginThrottle)
      .set({ blocked_until: new Date(now.getTime() + seconds * 1000) })
      .where(where(key));
  }
  return { scope, fails, seconds };
}

/**
 * Counts a failure of the username (existing or not) from the address, or from the account's device
 * (`device`: its hash, see waitSeconds). Returns the count in each scope (seconds > 0: a back-off starts).
 */
export async function countFailure(
  db: Db,
  username: string,
  ip: string,
  device: string | null = null,
): Promise<{ events: ThrottleEvent[] }> {
  await prune(db);
  const events: ThrottleEvent[] = [];
  for (const { scope, key } of await keysFor(db, username, ip, device)) events.push(await countIn(db, scope, key));
  return { events };
}

/**
 * Failures from the account's own devices since it last signed in: what the hard lock counts. Only a
 * request carrying one of its device credentials makes them, so a stranger (even at the same address,
 * behind the same proxy or NAT) cannot lock the account.
 */
export async function deviceFailures(db: Db, username: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${loginThrottle.fails}), 0)::int` })
    .from(loginThrottle)
    .where(
      and(
        eq(loginThrottle.kind, KIND.device),
        eq(loginThrottle.username, username),
        gt(loginThrottle.last_success, new Date(Date.now() - KNOWN_MS)),
      ),
    );
  return row?.n ?? 0;
}

/** A sign-in from the address: it becomes (stays) known, and the account's own counts (addresses, devices) restart. */
export async function recordSuccess(db: Db, username: string, ip: string): Promise<void> {
  const now = new Date();
  await db
    .insert(loginThrottle)
    .values({ ...pairOf(username, ip), last_success: now })
    .onConflictDoUpdate({
      target: [loginThrottle.kind, loginThrottle.username, loginThrottle.ip],
      set: { fails: 0, blocked_until: null, last_success: now },
    });
  await db
    .update(loginThrottle)
    .set({ fails: 0, blocked_until: null })
    .where(
      and(
        inArray(loginThrottle.kind, [KIND.pair, KIND.device]),
        eq(loginThrottle.username, username),
        isNotNull(loginThrottle.last_success),
      ),
    );
}

/** The administrator forgets a username's failures: counts and back-offs go, known addresses stay. */
export async function clearFailures(db: Db, username: string): Promise<void> {
  await db
    .update(loginThrottle)
    .set({ fails: 0, blocked_until: null })
    .where(
      and(eq(loginThrottle.username, username), inArray(loginThrottle.kind, [KIND.pair, KIND.account, KIND.device])),
    );
}

/** Addresses still in back-off for the username (the administrator's notice in the password error list). */
export async function throttledUsernames(db: Db): Promise<Set<string>> {
  const rows = await db
    .selectDistinct({ username: loginThrottle.username })
    .from(loginThrottle)
    .where(
      and(
        inArray(loginThrottle.kind, [KIND.pair, KIND.account, KIND.device]),
        gt(loginThrottle.blocked_until, new Date()),
      ),
    );
  return new Set(rows.map((r) => r.username));
}

/** Failure rows a day old that are no known address are of no further use. */
async function prune(db: Db): Promise<void> {
  const stale = new Date(Date.now() - FORGET_MS);
  await db
    .delete(loginThrottle)
    .where(
      and(
        lt(loginThrottle.last_fail, stale),
        or(isNull(loginThrottle.last_success), lt(loginThrottle.last_success, new Date(Date.now() - KNOWN_MS))),
      ),
    );
}
