import { randomUUID } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Socket } from 'node:net';
import { Writable } from 'node:stream';

/**
 * One C-STORE data set on its way to disk: the Part 10 header, then each P-DATA value as it arrives. When the
 * file falls behind, the association's socket is paused (TCP pushes back on the sender) and resumed once
 * the file catches up; write() always answers true because dcmjs-dimse would otherwise wait for 'drain'
 * while the next PDU is already being read into the same stream.
 */
export class StagedInstance extends Writable {
  readonly path: string;
  private readonly file: WriteStream;
  private paused = false;

  constructor(
    stagingDir: string,
    header: Buffer,
    private readonly socket: Socket,
  ) {
    super();
    this.path = path.join(stagingDir, `dimse-${randomUUID()}.dcm.part`);
    this.file = createWriteStream(this.path, { highWaterMark: 4 << 20 });
    this.file.on('error', (err) => this.destroy(err));
    this.file.write(header);
  }

  override _write(chunk: Buffer, _enc: BufferEncoding, done: (err?: Error | null) => void): void {
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

  /** The whole file once written (the ingest parses an instance in memory, one at a time). */
  async bytes(): Promise<Buffer> {
    if (!this.writableFinished) await new Promise<void>((ok, fail) => this.once('finish', ok).once('error', fail));
    return readFile(this.path);
  }

  /** Gone from staging: after the ingest took it, or when the association ends mid-instance. */
  async discard(): Promise<void> {
    if (this.paused) this.socket.resume();
    this.file.destroy();
    await rm(this.path, { force: true });
  }
}
