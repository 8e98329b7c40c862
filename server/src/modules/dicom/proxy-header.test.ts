import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { parseProxyHeader, ProxyHeaderError, readProxyHeader } from './proxy-header';

const SIG = Buffer.from('0d0a0d0a000d0a515549540a', 'hex');

/** A v2 header as proxy-protocol.txt section 2.2 lays it out. */
function v2(command: number, family: number, addresses: Buffer, tlvs = Buffer.alloc(0)) {
  const head = Buffer.alloc(4);
  head[0] = 0x20 | command;
  head[1] = (family << 4) | 1;
  head.writeUInt16BE(addresses.length + tlvs.length, 2);
  return Buffer.concat([SIG, head, addresses, tlvs]);
}
const inet = (src: number[], dst: number[]) =>
  Buffer.concat([Buffer.from(src), Buffer.from(dst), Buffer.from([0x30, 0x39, 0x00, 0x68])]);

describe('parseProxyHeader', () => {
  it('reads v1 TCP4, TCP6 and UNKNOWN, with the length of the line', () => {
    const line = 'PROXY TCP4 10.1.2.3 10.0.0.9 40000 104\r\n';
    expect(parseProxyHeader(Buffer.from(line + 'DICOM'))).toEqual({ address: '10.1.2.3', length: line.length });
    expect(parseProxyHeader(Buffer.from('PROXY TCP6 FD00:0::5 fd00::1 40000 104\r\n'))?.address).toBe('fd00::5');
    expect(parseProxyHeader(Buffer.from('PROXY TCP6 ::ffff:10.1.2.3 fd00::1 1 104\r\n'))?.address).toBe('10.1.2.3');
    expect(parseProxyHeader(Buffer.from('PROXY UNKNOWN\r\n'))).toEqual({ address: null, length: 15 });
  });

  it('waits for the rest of a header split anywhere', () => {
    const whole = Buffer.from('PROXY TCP4 10.1.2.3 10.0.0.9 40000 104\r\n');
    for (let i = 0; i < whole.length; i++) expect(parseProxyHeader(whole.subarray(0, i))).toBeNull();
    const bin = v2(1, 1, inet([192, 168, 1, 20], [10, 0, 0, 1]));
    for (let i = 0; i < bin.length; i++) expect(parseProxyHeader(bin.subarray(0, i))).toBeNull();
  });

  it('reads v2 PROXY over IPv4 and IPv6, skipping TLVs; LOCAL is the proxy itself', () => {
    const tlvs = Buffer.from([0x01, 0x00, 0x03, 0x61, 0x62, 0x63]); // ALPN "abc"
    const bin = v2(1, 1, inet([192, 168, 1, 20], [10, 0, 0, 1]), tlvs);
    expect(parseProxyHeader(Buffer.concat([bin, Buffer.from([1, 0])]))).toEqual({
      address: '192.168.1.20',
      length: bin.length,
    });
    const six = Buffer.alloc(36);
    six.writeUInt16BE(0xfd00, 0);
    six.writeUInt16BE(0x0007, 14);
    expect(parseProxyHeader(v2(1, 2, six))?.address).toBe('fd00::7');
    expect(parseProxyHeader(v2(0, 0, Buffer.alloc(0)))).toEqual({ address: null, length: 16 });
  });

  it('refuses what is no header, a malformed one and an overlong one', () => {
    const bad = [
      'A-ASSOCIATE',
      'PROXY TCP4 10.1.2.3 10.0.0.9 40000\r\n',
      'PROXY TCP4 fd00::5 10.0.0.9 40000 104\r\n',
      'PROXY TCP4 10.1.2.3 10.0.0.9 40000 99999\r\n',
      'PROXY TCP5 10.1.2.3 10.0.0.9 40000 104\r\n',
      'PROXY ' + 'x'.repeat(120),
    ];
    for (const b of bad) expect(() => parseProxyHeader(Buffer.from(b)), b).toThrow(ProxyHeaderError);
    const long = Buffer.concat([SIG, Buffer.from([0x21, 0x11, 0x10, 0x00])]);
    expect(() => parseProxyHeader(long)).toThrow(/longer than/);
    expect(() => parseProxyHeader(v2(1, 1, Buffer.alloc(4)))).toThrow(/shorter/);
  });
});

describe('readProxyHeader on a socket', () => {
  let server: net.Server | null = null;
  afterEach(() => server?.close());

  async function exchange(chunks: Buffer[], timeoutMs = 2000) {
    const got = new Promise<{ address: string | null; after: Buffer } | Error>((resolve) => {
      server = net.createServer((socket) => {
        readProxyHeader(socket, timeoutMs).then(
          (address) => {
            const parts: Buffer[] = [];
            socket
              .on('data', (b: Buffer) => parts.push(b))
              .on('end', () => resolve({ address, after: Buffer.concat(parts) }));
            socket.resume();
          },
          (err: Error) => resolve(err),
        );
      });
    });
    await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
    const client = net.connect((server!.address() as net.AddressInfo).port, '127.0.0.1');
    await new Promise((r) => client.once('connect', r));
    for (const c of chunks) {
      client.write(c);
      await new Promise((r) => setTimeout(r, 5));
    }
    client.end();
    return got;
  }

  it('hands on the bytes after the header, in order, whatever the chunks', async () => {
    const r = await exchange([
      Buffer.from('PROXY TCP4 10.9.8.7 10.0'),
      Buffer.from('.0.1 1 104\r\nAB'),
      Buffer.from('CD'),
    ]);
    expect(r).toEqual({ address: '10.9.8.7', after: Buffer.from('ABCD') });
  });

  it('refuses a connection without a header, and one whose header does not come', async () => {
    expect(await exchange([Buffer.from('\x01\x00\x00\x00')])).toBeInstanceOf(ProxyHeaderError);
    const slow = new Promise<unknown>((resolve) => {
      server = net.createServer((socket) => readProxyHeader(socket, 50).then(resolve, resolve));
    });
    await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
    const client = net.connect((server!.address() as net.AddressInfo).port, '127.0.0.1');
    client.write('PROXY TCP4');
    expect(String(await slow)).toContain('no PROXY header in time');
    client.destroy();
  });
});
