import { randomUUID } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Socket } from 'node:net';
import { Writable } from 'node:stream';

/** Instances up to this size are also kept in memory while received, so taking them needs no read back. */
const KEEP_IN_MEMORY = 8 << 20;

/**
 * One C-STORE data set on its way to disk: the Part 10 header, then each P-DATA value as it arrives. When the
 * file falls behind, the association's socket is paused (TCP pushes back on the sender) and resumed once
 * the file catches up; write() always answers true because the next PDU may already be on its way in.
 */
export class StagedInstance extends Writable {
  readonly path: string;
  private readonly file: WriteStream;
  private paused = false;
  private kept: Buffer[] | null = [];
  /** Bytes written so far (header included): the whole file's size once finished. */
  size = 0;

  constructor(
    stagingDir: string,
    header: Buffer,
    private readonly socket: Socket,
  ) {
    super();
    this.path = path.join(stagingDir, `dimse-${randomUUID()}.dcm.part`);
    this.file = createWriteStream(this.path, { highWaterMark: 4 << 20 });
    this.file.on('error', (err) => this.destroy(err));
    this.keep(header);
    this.file.write(header);
  }

  override _write(chunk: Buffer, _enc: BufferEncoding, done: (err?: Error | null) => void): void {
    this.keep(chunk);
    if (!this.file.write(chunk) && !this.paused) {
      this.paused = true;
      this.socket.pause();
      this.file.once('drain', () => {
        this.paused = false;
        this.socket.resume();
      });
    }
    done();
  }

  override _final(done: (err?: Error | null) => void): void {
    this.file.end(done);
  }

  private keep(chunk: Buffer) {
    this.size += chunk.length;
    if (this.kept && this.size <= KEEP_IN_MEMORY) this.kept.push(chunk);
    else this.kept = null;
  }

  /** The whole file once written: from memory when it was small enough, else read back. */
  async bytes(): Promise<Buffer> {
    if (!this.writableFinished) await new Promise<void>((ok, fail) => this.once('finish', ok).once('error', fail));
    return this.kept ? Buffer.concat(this.kept, this.size) : readFile(this.path);
  }

  /** Gone from staging: after it was taken (moved away), or when the association ends mid-instance. */
  async discard(): Promise<void> {
    this.kept = null;
    if (this.paused) this.socket.resume();
    this.file.destroy();
    await rm(this.path, { force: true });
  }
}
