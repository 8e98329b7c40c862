import { isIP, type Socket } from 'node:net';
import { normaliseAddress } from '../../platform/core/client-address';

/**
 * The PROXY protocol (HAProxy's proxy-protocol.txt, versions 1 and 2): what a TCP load balancer in front of
 * the DICOM listener (nginx `proxy_protocol on`, HAProxy `send-proxy[-v2]`) sends before the peer's bytes,
 * so the listener still knows the modality's address, which decides who may associate.
 */
const V1_PREFIX = Buffer.from('PROXY ', 'latin1');
/** A v1 line is at most 107 bytes with its CRLF. */
const V1_MAX = 107;
const V2_SIGNATURE = Buffer.from([0x0d, 0x0a, 0x0d, 0x0a, 0x00, 0x0d, 0x0a, 0x51, 0x55, 0x49, 0x54, 0x0a]);
/** Addresses plus the TLVs proxies add in practice; a longer v2 header is refused rather than buffered. */
const V2_MAX_BODY = 1024;
const V2_ADDRESS_BYTES = { 1: 12, 2: 36, 3: 216 } as const;

export class ProxyHeaderError extends Error {
  override name = 'ProxyHeaderError';
}

export interface ProxyHeader {
  /** The client's address, or null when the proxy speaks for itself (LOCAL, UNKNOWN: a health check). */
  address: string | null;
  /** The header's length in bytes: what follows is the client's. */
  length: number;
}

const startsLike = (buf: Buffer, prefix: Buffer) =>
  buf.subarray(0, prefix.length).equals(prefix.subarray(0, buf.length));

function port(text: string): boolean {
  return /^\d{1,5}$/.test(text) && Number(text) <= 65535 && (text === '0' || !text.startsWith('0'));
}

function parseV1(buf: Buffer): ProxyHeader | null {
  const end = buf.subarray(0, V1_MAX).indexOf('\r\n');
  if (end < 0) {
    if (buf.length >= V1_MAX) throw new ProxyHeaderError('PROXY v1 line longer than 107 bytes');
    return null;
  }
  const parts = buf.subarray(0, end).toString('latin1').split(' ');
  const length = end + 2;
  if (parts[1] === 'UNKNOWN') return { address: null, length };
  const family = { TCP4: 4, TCP6: 6 }[parts[1] ?? ''];
  const [, , src, dst, sport, dport] = parts;
  if (!family || parts.length !== 6 || isIP(src!) !== family || isIP(dst!) !== family || !port(sport!) || !port(dport!))
    throw new ProxyHeaderError('malformed PROXY v1 line');
  return { address: normaliseAddress(src!), length };
}

function ipv6(bytes: Buffer): string {
  const groups: string[] = [];
  for (let i = 0; i < 16; i += 2) groups.push(bytes.readUInt16BE(i).toString(16));
  return groups.join(':');
}

function parseV2(buf: Buffer): ProxyHeader | null {
  if (buf.length < 16) return null;
  const version = buf[12]! >> 4;
  const command = buf[12]! & 0x0f;
  const family = buf[13]! >> 4;
  const body = buf.readUInt16BE(14);
  if (version !== 2 || command > 1) throw new ProxyHeaderError('PROXY v2: unknown version or command');
  if (body > V2_MAX_BODY) throw new ProxyHeaderError(`PROXY v2 header longer than ${V2_MAX_BODY} bytes`);
  if (buf.length < 16 + body) return null;
  const length = 16 + body;
  // LOCAL: the proxy's own connection (a health check); UNSPEC or UNIX: no IP address to speak of.
  if (command === 0 || (family !== 1 && family !== 2)) return { address: null, length };
  if (body < V2_ADDRESS_BYTES[family]) throw new ProxyHeaderError('PROXY v2: addresses shorter than their family');
  const address = family === 1 ? [...buf.subarray(16, 20)].join('.') : ipv6(buf.subarray(16, 32));
  return { address: normaliseAddress(address), length };
}

/** The header at the start of `buf`; null while it is incomplete; throws when the bytes are no PROXY header. */
export function parseProxyHeader(buf: Buffer): ProxyHeader | null {
  if (startsLike(buf, V2_SIGNATURE)) return buf.length < V2_SIGNATURE.length ? null : parseV2(buf);
  if (startsLike(buf, V1_PREFIX)) return buf.length < V1_PREFIX.length ? null : parseV1(buf);
  throw new ProxyHeaderError('the connection did not begin with a PROXY protocol header');
}

/**
 * Reads the header off a new connection from a proxy. Resolves with the client's address (null: the
 * proxy's own) and leaves the socket paused with the bytes after the header put back, for whoever reads next
 * (who must resume it); rejects when the header is malformed or not complete within `timeoutMs`.
 */
export function readProxyHeader(socket: Socket, timeoutMs: number): Promise<string | null> {
  return new Promise((resolve, reject) => {
    let buf: Buffer = Buffer.alloc(0);
    const finish = (err: Error | null, address: string | null = null, rest?: Buffer) => {
      clearTimeout(timer);
      socket.off('data', onData).off('close', onClose).off('error', onClose);
      socket.pause();
      if (err) return reject(err);
      if (rest?.length) socket.unshift(rest);
      resolve(address);
    };
    const onData = (chunk: Buffer) => {
      buf = buf.length ? Buffer.concat([buf, chunk]) : chunk;
      try {
        const header = parseProxyHeader(buf);
        if (header) finish(null, header.address, buf.subarray(header.length));
      } catch (err) {
        finish(err as Error);
      }
    };
    const onClose = () => finish(new ProxyHeaderError('closed before its PROXY header'));
    const timer = setTimeout(() => finish(new ProxyHeaderError('no PROXY header in time')), timeoutMs);
    socket.on('data', onData).once('close', onClose).once('error', onClose);
  });
}
