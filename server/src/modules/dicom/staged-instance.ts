import { randomUUID } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Socket } from 'node:net';
import { Writable } from 'node:stream';

/**
 * Instances up to this size stay in memory until they are whole and go to the received queue in one write;
 * a larger one (a multi-frame cine, a mammogram) streams to a staging file as it arrives.
 */
export const IN_MEMORY_MAX = 8 << 20;

/**
 * One C-STORE data set as it arrives: the Part 10 header, then each P-DATA value. Kept in memory while it is
 * small (one file write once whole, rather than a write per PDU and a rename); past IN_MEMORY_MAX it spills
 * to a staging file and streams on. While that file falls behind, the association's socket is paused (TCP
 * pushes back on the sender) and resumed once it catches up; write() always answers true because the next
 * PDU may already be on its way in.
 */
export class StagedInstance extends Writable {
  private file: WriteStream | null = null;
  private filePath = '';
  private paused = false;
  private kept: Buffer[] = [];
  /** Bytes written so far (header included): the whole file's size once finished. */
  size = 0;

  constructor(
    private readonly stagingDir: string,
    header: Buffer,
    private readonly socket: Socket,
  ) {
    super();
    this.kept.push(header);
    this.size = header.length;
  }

  override _write(chunk: Buffer, _enc: BufferEncoding, done: (err?: Error | null) => void): void {
    this.size += chunk.length;
    if (!this.file && this.size <= IN_MEMORY_MAX) this.kept.push(chunk);
    else this.toFile(chunk);
    done();
  }

  override _final(done: (err?: Error | null) => void): void {
    if (this.file) this.file.end(done);
    else done();
  }

  private toFile(chunk: Buffer) {
    if (!this.file) {
      this.filePath = path.join(this.stagingDir, `dimse-${randomUUID()}.dcm.part`);
      this.file = createWriteStream(this.filePath, { highWaterMark: 4 << 20 });
      this.file.on('error', (err) => this.destroy(err));
      for (const k of this.kept) this.file.write(k);
      this.kept = [];
    }
    if (!this.file.write(chunk) && !this.paused) {
      this.paused = true;
      this.socket.pause();
      this.file.once('drain', () => {
        this.paused = false;
        this.socket.resume();
      });
    }
  }

  private async finished() {
    if (!this.writableFinished) await new Promise<void>((ok, fail) => this.once('finish', ok).once('error', fail));
  }

  /** The whole instance when it stayed in memory (null when it went to a staging file). */
  async inMemory(): Promise<Buffer | null> {
    await this.finished();
    return this.file ? null : Buffer.concat(this.kept, this.size);
  }

  /** The staging file of an instance too large for memory, once written: its path and size. */
  async staged(): Promise<{ path: string; size: number }> {
    await this.finished();
    if (!this.file) throw new Error('the instance is in memory, not staged');
    return { path: this.filePath, size: this.size };
  }

  /** Gone: after it was taken, or when the association ends mid-instance. */
  async discard(): Promise<void> {
    this.kept = [];
    if (this.paused) this.socket.resume();
    if (!this.file) return;
    this.file.destroy();
    await rm(this.filePath, { force: true });
  }

  /** The whole instance, read back from its staging file when it was too large for memory. */
  async bytes(): Promise<Buffer> {
    return (await this.inMemory()) ?? readFile(this.filePath);
  }
}
