import { PduError } from './pdu';

export interface RawPdu {
  type: number;
  /** The body, joined; for a P-DATA-TF read with `splitData`, empty (see `parts`). */
  body: Buffer;
  /** A P-DATA-TF's body as the reads brought it (views, not copies), with `splitData`. */
  parts?: Buffer[];
}

const P_DATA = 4;
const EMPTY = Buffer.alloc(0);

/**
 * Cuts a connection's bytes into PDUs (type, reserved, 32-bit big-endian length, body). Chunks are kept as
 * they arrive and joined once per PDU, so a large P-DATA-TF costs one copy however many reads it took; with
 * `splitData`, a P-DATA-TF is handed on as its parts and not joined at all (an acceptor receiving images:
 * each joined instance was half a megabyte more of new memory, and the collector's work grows with it).
 */
export class PduReader {
  private chunks: Buffer[] = [];
  private buffered = 0;
  private head: { type: number; length: number } | null = null;

  /** maxBody: the largest body taken; a longer one is a protocol error (a peer ignoring our limit, or noise). */
  constructor(
    private readonly maxBody: number,
    private readonly o: { splitData?: boolean } = {},
  ) {}

  /** Adds bytes; answers the PDUs they complete, in order. Throws PduError on a PDU longer than allowed. */
  push(chunk: Buffer): RawPdu[] {
    this.chunks.push(chunk);
    this.buffered += chunk.length;
    const out: RawPdu[] = [];
    for (;;) {
      if (!this.head) {
        if (this.buffered < 6) break;
        const h = this.take(6);
        this.head = { type: h.readUInt8(0), length: h.readUInt32BE(2) };
        if (this.head.length > this.maxBody) throw new PduError(`PDU of ${this.head.length} bytes is over the limit`);
      }
      if (this.buffered < this.head.length) break;
      if (this.o.splitData && this.head.type === P_DATA)
        out.push({ type: P_DATA, body: EMPTY, parts: this.takeParts(this.head.length) });
      else out.push({ type: this.head.type, body: this.take(this.head.length) });
      this.head = null;
    }
    return out;
  }

  private take(n: number): Buffer {
    const first = this.chunks[0];
    if (first && first.length >= n) {
      this.buffered -= n;
      if (first.length === n) this.chunks.shift();
      else this.chunks[0] = first.subarray(n);
      return first.subarray(0, n);
    }
    return Buffer.concat(this.takeParts(n), n);
  }

  /** The next n bytes as views of the chunks holding them. */
  private takeParts(n: number): Buffer[] {
    this.buffered -= n;
    const parts: Buffer[] = [];
    let left = n;
    while (left > 0) {
      const c = this.chunks[0]!;
      if (c.length <= left) {
        parts.push(c);
        this.chunks.shift();
        left -= c.length;
      } else {
        parts.push(c.subarray(0, left));
        this.chunks[0] = c.subarray(left);
        left = 0;
      }
    }
    return parts;
  }
}
