import dns from 'node:dns';
import ipaddr from 'ipaddr.js';

/**
 * The one policy for addresses the server connects to on an administrator's word (DICOM devices, the AI
 * service, FHIR endpoints): a host name is resolved once, every address it has must be allowed, and the
 * connection goes to an address checked here, never to the name again (no second resolution to rebind).
 * Loopback and private ranges are allowed only through the OUTBOUND_ALLOW setting (CIDRs); link-local,
 * unspecified, multicast, broadcast, reserved ranges and cloud metadata services never are.
 */

export type RefusedReason =
  'loopback' | 'link-local' | 'private' | 'unspecified' | 'multicast' | 'broadcast' | 'reserved' | 'metadata';

type Address = ipaddr.IPv4 | ipaddr.IPv6;

/**
 * Instance metadata services outside link-local (Alibaba Cloud, AWS over IPv6, Oracle), refused whatever
 * OUTBOUND_ALLOW says; 169.254.169.254 and the like are link-local, refused anyway.
 */
const METADATA = ['100.100.100.200', 'fd00:ec2::254', '192.0.0.192'].map((a) => ipaddr.parse(a));

export class OutboundRefused extends Error {
  constructor(
    readonly host: string,
    readonly address: string,
    readonly reason: RefusedReason,
  ) {
    super(`outbound address refused (${reason})`);
  }
}

export class OutboundUnresolved extends Error {
  constructor(
    readonly host: string,
    readonly code: string,
  ) {
    super(`host name not resolved (${code})`);
  }
}

/** Every address of a host name (dns.lookup with all: true in production; a fake in tests). */
export type Lookup = (host: string) => Promise<string[]>;

const systemLookup: Lookup = async (host) =>
  (await dns.promises.lookup(host, { all: true, verbatim: true })).map((a) => a.address);

export type AllowList = readonly [Address, number][];

/** OUTBOUND_ALLOW: CIDRs or single addresses, separated by commas or spaces; throws naming a bad entry. */
export function parseAllowList(text: string): AllowList {
  return text
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((entry) => {
      if (ipaddr.isValidCIDR(entry)) return ipaddr.parseCIDR(entry);
      if (ipaddr.isValid(entry)) {
        const a = ipaddr.parse(entry);
        return [a, a.kind() === 'ipv4' ? 32 : 128] as [Address, number];
      }
      throw new Error(`not a CIDR or an address: ${entry}`);
    });
}

/** Whether an address (IPv4-mapped IPv6 as IPv4) lies in one of the list's ranges; false for anything unparsable. */
export function listedIn(address: string, list: AllowList): boolean {
  const bare = address.replace(/%.*$/, '');
  if (!ipaddr.isValid(bare)) return false;
  let a: Address = ipaddr.parse(bare);
  if (a.kind() === 'ipv6' && (a as ipaddr.IPv6).isIPv4MappedAddress()) a = (a as ipaddr.IPv6).toIPv4Address();
  return list.some(([net, bits]) => net.kind() === a.kind() && a.match(net, bits));
}

/** A host as typed (or a URL's hostname, bracketed for IPv6) read as an address literal in any form, or null. */
export function literalOf(host: string): Address | null {
  const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  return ipaddr.isValid(bare) ? ipaddr.parse(bare) : null;
}

/** IPv4 inside an IPv6 address that reaches it: IPv4-compatible ::a.b.c.d, NAT64 64:ff9b::/96, 6to4 2002::/16. */
function embeddedV4(a: ipaddr.IPv6): { v4: ipaddr.IPv4; deprecated: boolean } | null {
  const p = a.parts;
  const v4 = (hi: number, lo: number) => new ipaddr.IPv4([hi >> 8, hi & 0xff, lo >> 8, lo & 0xff]);
  if (p.slice(0, 6).every((x) => x === 0) && (p[6]! !== 0 || p[7]! > 1))
    return { v4: v4(p[6]!, p[7]!), deprecated: true };
  if (a.range() === 'rfc6052') return { v4: v4(p[6]!, p[7]!), deprecated: false };
  if (a.range() === '6to4') return { v4: v4(p[1]!, p[2]!), deprecated: false };
  return null;
}

/** Why this address may not be connected to, or null when it may. */
function refusalOf(a: Address, allow: AllowList): RefusedReason | null {
  if (a.kind() === 'ipv6') {
    const v6 = a as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) return refusalOf(v6.toIPv4Address(), allow);
    const inner = embeddedV4(v6);
    if (inner) return refusalOf(inner.v4, allow) ?? (inner.deprecated ? 'reserved' : null);
  }
  if (METADATA.some((m) => m.kind() === a.kind() && a.match(m, a.kind() === 'ipv4' ? 32 : 128))) return 'metadata';
  const listed = () => allow.some(([net, bits]) => net.kind() === a.kind() && a.match(net, bits));
  switch (a.range()) {
    case 'unicast':
      return null;
    case 'loopback':
      return listed() ? null : 'loopback';
    case 'private':
    case 'carrierGradeNat':
    case 'uniqueLocal':
      return listed() ? null : 'private';
    case 'linkLocal':
      return 'link-local';
    case 'unspecified':
      return 'unspecified';
    case 'multicast':
      return 'multicast';
    case 'broadcast':
      return 'broadcast';
    default:
      return 'reserved';
  }
}

/** The address to connect to: IPv4-mapped as plain IPv4, without a zone id. */
function connectable(a: Address): string {
  if (a.kind() === 'ipv6' && (a as ipaddr.IPv6).isIPv4MappedAddress())
    return (a as ipaddr.IPv6).toIPv4Address().toString();
  return a.toString().replace(/%.*$/, '');
}

export interface OutboundPolicy {
  /**
   * The addresses to connect to for a host (a name or a literal in any form), every one allowed: a name is
   * resolved once. Throws OutboundRefused when any address is refused, OutboundUnresolved when a name has none.
   */
  resolve(host: string): Promise<string[]>;
}

export interface OutboundOptions {
  /** OUTBOUND_ALLOW as written. */
  allow: string;
  lookup?: Lookup;
  lookupTimeoutMs?: number;
}

export function createOutboundPolicy(o: OutboundOptions): OutboundPolicy {
  const allow = parseAllowList(o.allow);
  const lookup = o.lookup ?? systemLookup;
  const timeoutMs = o.lookupTimeoutMs ?? 5000;
  const resolveName = async (host: string): Promise<Address[]> => {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new OutboundUnresolved(host, 'ETIMEOUT')), timeoutMs);
    });
    try {
      const found = await Promise.race([lookup(host), late]);
      return found.map((s) => ipaddr.parse(s));
    } catch (err) {
      if (err instanceof OutboundUnresolved) throw err;
      throw new OutboundUnresolved(host, (err as NodeJS.ErrnoException).code ?? 'ERROR');
    } finally {
      clearTimeout(timer);
    }
  };
  return {
    async resolve(host) {
      const literal = literalOf(host);
      const addresses = literal ? [literal] : await resolveName(host);
      if (!addresses.length) throw new OutboundUnresolved(host, 'ENOTFOUND');
      for (const a of addresses) {
        const reason = refusalOf(a, allow);
        if (reason) throw new OutboundRefused(host, connectable(a), reason);
      }
      return [...new Set(addresses.map(connectable))];
    },
  };
}

const byAllow = new Map<string, OutboundPolicy>();

/** The server's policy for its OUTBOUND_ALLOW setting (made once per value). */
export function outboundPolicy(env: { OUTBOUND_ALLOW: string }): OutboundPolicy {
  let p = byAllow.get(env.OUTBOUND_ALLOW);
  if (!p) byAllow.set(env.OUTBOUND_ALLOW, (p = createOutboundPolicy({ allow: env.OUTBOUND_ALLOW })));
  return p;
}
