import { describe, expect, it } from 'vitest';
import { loadEnv } from './env';
import { createOutboundPolicy, OutboundRefused, OutboundUnresolved, parseAllowList, type Lookup } from './outbound';

/** A resolver that knows a few names; any other name does not resolve. */
const names: Record<string, string[]> = {
  'pacs.example': ['93.184.216.34'],
  'metadata.example': ['169.254.169.254'],
  'mixed.example': ['93.184.216.34', '10.1.2.3'],
  'mapped.example': ['::ffff:127.0.0.1'],
  'lan.example': ['192.168.1.20'],
};
const fake: Lookup = async (host) => {
  const found = names[host];
  if (!found) throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
  return found;
};
const policy = (allow = '') => createOutboundPolicy({ allow, lookup: fake });

async function reasonOf(host: string, allow = ''): Promise<string> {
  try {
    return `allowed ${(await policy(allow).resolve(host)).join(' ')}`;
  } catch (err) {
    if (err instanceof OutboundRefused) return err.reason;
    if (err instanceof OutboundUnresolved) return `unresolved ${err.code}`;
    throw err;
  }
}

describe('outbound policy: every literal form of a refused address', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['0x7f000001', 'loopback'],
    ['2130706433', 'loopback'],
    ['0177.0.0.1', 'loopback'],
    ['017700000001', 'loopback'],
    ['127.1', 'loopback'],
    ['127.0.1', 'loopback'],
    ['0x7f.1', 'loopback'],
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['::1%lo', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::127.0.0.1', 'loopback'],
    ['::7f00:1', 'loopback'],
    ['64:ff9b::7f00:1', 'loopback'],
    ['2002:7f00:1::', 'loopback'],
    ['169.254.169.254', 'link-local'],
    ['0xa9fea9fe', 'link-local'],
    ['::ffff:169.254.169.254', 'link-local'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['100.100.100.200', 'metadata'],
    ['fd00:ec2::254', 'metadata'],
    ['10.0.0.1', 'private'],
    ['012.0.0.1', 'private'],
    ['172.16.5.4', 'private'],
    ['192.168.0.9', 'private'],
    ['100.64.0.1', 'private'],
    ['fc00::1', 'private'],
    ['fd12:3456::1', 'private'],
    ['0.0.0.0', 'unspecified'],
    ['0', 'unspecified'],
    ['::', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['ff02::1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['240.0.0.1', 'reserved'],
    ['192.0.2.1', 'reserved'],
    ['198.18.0.1', 'reserved'],
    ['2001:db8::1', 'reserved'],
    ['2001::1', 'reserved'],
    ['::808:808', 'reserved'],
  ])('%s is refused: %s', async (host, reason) => {
    expect(await reasonOf(host)).toBe(reason);
  });

  it.each([
    ['8.8.8.8', '8.8.8.8'],
    ['0x08080808', '8.8.8.8'],
    ['134744072', '8.8.8.8'],
    ['2400:cb00::1', '2400:cb00::1'],
    ['::ffff:8.8.8.8', '8.8.8.8'],
    ['64:ff9b::808:808', '64:ff9b::808:808'],
  ])('public %s is allowed, connected to as %s', async (host, address) => {
    expect(await reasonOf(host)).toBe(`allowed ${address}`);
  });
});

describe('outbound policy: names resolve once, every address is checked', () => {
  it('a public name is allowed and answers its address', async () => {
    expect(await reasonOf('pacs.example')).toBe('allowed 93.184.216.34');
  });

  it('a name resolving to a refused address is refused, even among public ones', async () => {
    expect(await reasonOf('metadata.example')).toBe('link-local');
    expect(await reasonOf('mixed.example')).toBe('private');
    expect(await reasonOf('mapped.example')).toBe('loopback');
    expect(await reasonOf('mixed.example', '10.0.0.0/8')).toBe('allowed 93.184.216.34 10.1.2.3');
  });

  it('the real resolver: localhost is loopback', async () => {
    const real = createOutboundPolicy({ allow: '' });
    await expect(real.resolve('localhost')).rejects.toMatchObject({ reason: 'loopback' });
    await expect(createOutboundPolicy({ allow: '127.0.0.1/32' }).resolve('localhost')).resolves.toEqual(['127.0.0.1']);
  });

  it('a name without addresses, or a resolver that hangs, is unresolved', async () => {
    expect(await reasonOf('nowhere.example')).toBe('unresolved ENOTFOUND');
    const hangs = createOutboundPolicy({ allow: '', lookup: () => new Promise(() => {}), lookupTimeoutMs: 20 });
    await expect(hangs.resolve('slow.example')).rejects.toBeInstanceOf(OutboundUnresolved);
  });

  it('the resolver is asked once per check', async () => {
    let calls = 0;
    const counting = createOutboundPolicy({ allow: '', lookup: async (h) => (calls++, fake(h)) });
    await counting.resolve('pacs.example');
    expect(calls).toBe(1);
  });
});

describe('OUTBOUND_ALLOW', () => {
  it('widens private and loopback ranges it lists, and only those', async () => {
    expect(await reasonOf('10.0.0.1', '10.0.0.0/8')).toBe('allowed 10.0.0.1');
    expect(await reasonOf('10.0.0.1', '192.168.0.0/16')).toBe('private');
    expect(await reasonOf('lan.example', '10.0.0.0/8, 192.168.0.0/16')).toBe('allowed 192.168.1.20');
    expect(await reasonOf('0x7f000001', '127.0.0.1/32')).toBe('allowed 127.0.0.1');
    expect(await reasonOf('127.0.0.2', '127.0.0.1/32')).toBe('loopback');
    expect(await reasonOf('::1', '::1')).toBe('allowed ::1');
    expect(await reasonOf('fd12::1', 'fc00::/7')).toBe('allowed fd12::1');
  });

  it('never allows link-local, metadata, unspecified, multicast or reserved addresses', async () => {
    const all = '0.0.0.0/0,::/0';
    expect(await reasonOf('169.254.169.254', all)).toBe('link-local');
    expect(await reasonOf('100.100.100.200', all)).toBe('metadata');
    expect(await reasonOf('fd00:ec2::254', all)).toBe('metadata');
    expect(await reasonOf('0.0.0.0', all)).toBe('unspecified');
    expect(await reasonOf('224.0.0.1', all)).toBe('multicast');
    expect(await reasonOf('240.0.0.1', all)).toBe('reserved');
  });

  it('a bad entry is refused at start-up, naming it', () => {
    expect(() => parseAllowList('10.0.0.0/8,nonsense')).toThrow(/nonsense/);
    expect(() => loadEnv({ OUTBOUND_ALLOW: '10.0.0.0/33' })).toThrow(/OUTBOUND_ALLOW/);
    expect(loadEnv({ OUTBOUND_ALLOW: '10.0.0.0/8,192.168.0.0/16' }).OUTBOUND_ALLOW).toBe('10.0.0.0/8,192.168.0.0/16');
    expect(loadEnv({}).OUTBOUND_ALLOW).toBe('');
  });
});
