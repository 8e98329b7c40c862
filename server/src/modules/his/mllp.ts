/** MLLP (HL7 v2 minimal lower layer protocol): <VT> message <FS><CR>. */
export const VT = 0x0b;
export const FS = 0x1c;
export const CR = 0x0d;

export class FrameTooLarge extends Error {}

/**
 * Cuts a TCP byte stream into MLLP frames: several frames in one chunk, a frame split over many, bytes
 * between frames (line noise, a stray CR) skipped. A frame growing past `maxBytes` throws FrameTooLarge:
 * the connection is then ended, memory stays bounded whatever a peer sends.
 */
export class MllpReader {
  private parts: Buffer[] = [];
  private size = 0;
  private inFrame = false;

  constructor(private readonly maxBytes: number) {}

  push(chunk: Buffer): Buffer[] {
    const out: Buffer[] = [];
    let at = 0;
    while (at < chunk.length) {
      if (!this.inFrame) {
        const start = chunk.indexOf(VT, at);
        if (start < 0) return out;
        this.inFrame = true;
        at = start + 1;
        continue;
      }
      const end = chunk.indexOf(FS, at);
      const piece = chunk.subarray(at, end < 0 ? chunk.length : end);
      this.size += piece.length;
      if (this.size > this.maxBytes) throw new FrameTooLarge(`an HL7 message over ${this.maxBytes} bytes`);
      if (piece.length) this.parts.push(piece);
      if (end < 0) return out;
      out.push(Buffer.concat(this.parts, this.size));
      this.parts = [];
      this.size = 0;
      this.inFrame = false;
      // The CR after FS ends the frame; a sender that leaves it out is taken all the same.
      at = chunk[end + 1] === CR ? end + 2 : end + 1;
    }
    return out;
  }
}

/** One message as an MLLP frame. */
export const frame = (message: Buffer): Buffer => Buffer.concat([Buffer.of(VT), message, Buffer.of(FS, CR)]);
