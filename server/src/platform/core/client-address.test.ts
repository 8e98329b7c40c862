import { describe, expect, it } from 'vitest';
import { loadEnv } from './env';
import { normaliseAddress, parseTrustedProxies, resolveClientAddress } from './client-address';

const proxies = parseTrustedProxies('127.0.0.1, 10.0.0.0/8, ::1, fd00::/8');
const resolve = (peer: string, headers: Record<string, string>, trusted: 'none' | 'proxies' = 'proxies') =>
  resolveClientAddress(peer, (name) => headers[name], trusted === 'none' ? undefined : proxies);

describe('TRUSTED_PROXIES', () => {
  it('reads addresses, CIDRs of both families and the range names', () => {
    expect(proxies.entries).toEqual(['127.0.0.1', '10.0.0.0/8', '::1', 'fd00::/8']);
    for (const a of ['127.0.0.1', '10.200.3.4', '::1', 'fd00::17', '::ffff:10.1.2.3'])
      expect(proxies.trusts(a)).toBe(true);
    for (const a of ['127.0.0.2', '11.0.0.1', '::2', 'fe80::1', '203.0.113.9']) expect(proxies.trusts(a)).toBe(false);
    const named = parseTrustedProxies('loopback,uniquelocal');
    expect(named.trusts('127.9.9.9') && named.trusts('192.168.1.1') && named.trusts('::1')).toBe(true);
    expect(named.trusts('8.8.8.8')).toBe(false);
  });

  it('refuses to start on an entry that is no address, naming it', () => {
    for (const bad of ['10.0.0.0/33', 'proxy.example', '300.1.1.1', '::1/129']) {
      expect(() => loadEnv({ TRUSTED_PROXIES: `127.0.0.1,${bad}` })).toThrow(
        new RegExp(`TRUSTED_PROXIES: "${bad.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}" is not an IP address`),
      );
    }
    expect(loadEnv({}).TRUSTED_PROXIES).toBeUndefined();
    expect(loadEnv({ TRUSTED_PROXIES: '10.0.0.1' }).TRUSTED_PROXIES?.trusts('10.0.0.1')).toBe(true);
  });
});

describe('the client address', () => {
  it('is the socket peer when no proxy is trusted or the peer is not a trusted one', () => {
    const spoof = { 'x-forwarded-for': '198.51.100.1', forwarded: 'for=198.51.100.2' };
    expect(resolve('203.0.113.5', spoof, 'none')).toBe('203.0.113.5');
    expect(resolve('127.0.0.1', spoof, 'none')).toBe('127.0.0.1');
    expect(resolve('203.0.113.5', spoof)).toBe('203.0.113.5');
  });

  it('walks X-Forwarded-For from the nearest hop, skipping trusted ones, stopping at the first untrusted', () => {
    expect(resolve('127.0.0.1', { 'x-forwarded-for': '198.51.100.7' })).toBe('198.51.100.7');
    // The client prepended a lie; nginx appended the real peer, then a second trusted proxy its own.
    expect(resolve('127.0.0.1', { 'x-forwarded-for': '1.2.3.4, 198.51.100.7, 10.0.0.3' })).toBe('198.51.100.7');
    // Every hop trusted: the farthest one is the client (an internal workstation).
    expect(resolve('127.0.0.1', { 'x-forwarded-for': '10.1.1.10,10.0.0.3' })).toBe('10.1.1.10');
    expect(resolve('127.0.0.1', {})).toBe('127.0.0.1');
  });

  it('reads RFC 7239 Forwarded when there is no X-Forwarded-For, quoted IPv6 with port included', () => {
    const f = (forwarded: string) => resolve('::1', { forwarded });
    expect(f('for=198.51.100.7;proto=https')).toBe('198.51.100.7');
    expect(f('for="[2001:DB8::1]:4711", for=10.0.0.3')).toBe('2001:db8::1');
    expect(f('for="192.0.2.60:8080";by=10.0.0.3')).toBe('192.0.2.60');
    expect(f('for=1.2.3.4, for="[2001:db8:cafe::17]"')).toBe('2001:db8:cafe::17');
    // X-Forwarded-For wins when both are sent (a proxy that sets it passes a client's Forwarded on).
    expect(resolve('::1', { 'x-forwarded-for': '198.51.100.9', forwarded: 'for=1.2.3.4' })).toBe('198.51.100.9');
  });

  it('stops at an unknown, obfuscated or malformed hop: the last trusted hop stands for the client', () => {
    expect(resolve('127.0.0.1', { forwarded: 'for=unknown' })).toBe('127.0.0.1');
    expect(resolve('127.0.0.1', { forwarded: 'for=198.51.100.7, for=_hidden' })).toBe('127.0.0.1');
    expect(resolve('127.0.0.1', { forwarded: 'for=198.51.100.7, for=10.0.0.3, for=_hidden' })).toBe('127.0.0.1');
    expect(resolve('127.0.0.1', { forwarded: 'for=_hidden, for=10.0.0.3' })).toBe('10.0.0.3');
    expect(resolve('127.0.0.1', { forwarded: 'for="[2001:db8::1' })).toBe('127.0.0.1');
    expect(resolve('127.0.0.1', { forwarded: ';;==,"' })).toBe('127.0.0.1');
    expect(resolve('127.0.0.1', { 'x-forwarded-for': '198.51.100.7, <script>' })).toBe('127.0.0.1');
    expect(resolve('127.0.0.1', { 'x-forwarded-for': '' })).toBe('127.0.0.1');
    expect(resolve('127.0.0.1', { 'x-forwarded-for': '198.51.100.7,,10.0.0.3' })).toBe('10.0.0.3');
    expect(resolve('127.0.0.1', { 'x-forwarded-for': 'x'.repeat(10_000) })).toBe('127.0.0.1');
  });

  it('spells IPv4-mapped IPv6 as IPv4 and IPv6 in one canonical form', () => {
    expect(normaliseAddress('::ffff:203.0.113.5')).toBe('203.0.113.5');
    expect(normaliseAddress('2001:0DB8:0000::0001')).toBe('2001:db8::1');
    expect(resolve('::ffff:127.0.0.1', { 'x-forwarded-for': '::ffff:198.51.100.7' })).toBe('198.51.100.7');
    expect(resolve('::ffff:203.0.113.5', { 'x-forwarded-for': '1.2.3.4' })).toBe('203.0.113.5');
    expect(resolve('127.0.0.1', { 'x-forwarded-for': '[2001:db8::5]:1234' })).toBe('2001:db8::5');
    expect(resolve('127.0.0.1', { 'x-forwarded-for': '198.51.100.7:5555' })).toBe('198.51.100.7');
  });
});
