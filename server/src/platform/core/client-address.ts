import { isIP } from 'node:net';
import parseForwarded from 'forwarded-parse';
import ipaddr from 'ipaddr.js';
import proxyaddr from 'proxy-addr';

/** TRUSTED_PROXIES, compiled: whether an address is one of the reverse proxies whose headers are believed. */
export interface TrustedProxies {
  /** The entries as configured (addresses, CIDRs, or loopback / linklocal / uniquelocal). */
  entries: string[];
  trusts(address: string): boolean;
}

/**
 * Compiles TRUSTED_PROXIES once at start; an entry that is no address, CIDR or range name throws, naming it.
 * proxy-addr's names: loopback (127.0.0.0/8, ::1), linklocal, uniquelocal (10/8, 172.16/12, 192.168/16, fc00::/7).
 */
export function parseTrustedProxies(value: string): TrustedProxies {
  const entries = value
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  for (const entry of entries) {
    try {
      proxyaddr.compile(entry);
    } catch {
      throw new Error(
        `"${entry}" is not an IP address, a CIDR (10.0.0.0/8, fd00::/8) or loopback/linklocal/uniquelocal`,
      );
    }
  }
  if (!entries.length) throw new Error('no entry (leave it unset to trust no proxy)');
  const trust = proxyaddr.compile(entries);
  return { entries, trusts: (address) => trust(address, 0) };
}

/** One canonical spelling per address: IPv4-mapped IPv6 as IPv4, IPv6 compressed and lower case. */
export function normaliseAddress(address: string): string {
  return ipaddr.isValid(address) ? ipaddr.process(address).toString() : address;
}

/**
 * One hop of X-Forwarded-For or of Forwarded's for=: an address, `[IPv6]`, `[IPv6]:port` or `IPv4:port`.
 * Anything else (unknown, an obfuscated `_name`, garbage) is null: it identifies no client.
 */
export function parseHop(raw: string): string | null {
  const s = raw.trim();
  if (isIP(s)) return normaliseAddress(s);
  const bracketed = /^\[([^\]]+)\](?::\d{1,5})?$/.exec(s);
  if (bracketed && isIP(bracketed[1]!) === 6) return normaliseAddress(bracketed[1]!);
  const v4port = /^([\d.]+):\d{1,5}$/.exec(s);
  if (v4port && isIP(v4port[1]!) === 4) return v4port[1]!;
  return null;
}

/** The hops a trusted proxy reported, nearest last: X-Forwarded-For when present, else Forwarded's for=. */
function reportedHops(header: (name: string) => string | undefined): (string | null)[] {
  const xff = header('x-forwarded-for');
  if (xff !== undefined) return xff.split(',').map(parseHop);
  const forwarded = header('forwarded');
  if (forwarded === undefined) return [];
  try {
    return parseForwarded(forwarded).map((element) => (element.for === undefined ? null : parseHop(element.for)));
  } catch {
    return [null]; // malformed: nothing beyond the proxy is believed
  }
}

/**
 * The client's address. Without trusted proxies, or when the socket's peer is not one: the peer. From a
 * trusted proxy, the reported hops are walked from the nearest: trusted ones are skipped, the first
 * untrusted one is the client. A hop that names no address (malformed, unknown, obfuscated) ends the walk
 * at the last trusted hop, which then stands for the client: nothing it passed on is believed.
 */
export function resolveClientAddress(
  peer: string,
  header: (name: string) => string | undefined,
  trusted: TrustedProxies | undefined,
): string {
  let client = normaliseAddress(peer);
  if (!trusted || !client || !trusted.trusts(client)) return client;
  const hops = reportedHops(header);
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = hops[i];
    if (!hop) return client;
    client = hop;
    if (!trusted.trusts(hop)) return hop;
  }
  return client;
}

/** Whether the socket's peer is a trusted proxy (its X-Forwarded-Host and -Proto are believed then). */
export function fromTrustedProxy(peer: string, trusted: TrustedProxies | undefined): boolean {
  const p = normaliseAddress(peer);
  return !!trusted && !!p && trusted.trusts(p);
}
