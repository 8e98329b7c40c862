import type { Socket } from 'node:net';
import { dataPdu } from './pdu';

/** What we send in one PDU at most when the peer sets no limit. */
const SEND_MAX_PDU = 256 * 1024;

/**
 * The acceptor's writing side: commands and data sets as P-DATA-TF PDUs no longer than the peer takes, and
 * for what runs long (C-FIND matches, C-GET's C-STORE sub-operations) the wait for the connection to drain.
 * Nothing is written once the association is no longer open.
 */
export class PdvSender {
  private max = SEND_MAX_PDU;

  constructor(
    private readonly socket: Socket,
    private readonly open: () => boolean,
  ) {}

  /** The peer's maximum PDU length from its A-ASSOCIATE-RQ (0: no limit). */
  set peerMax(n: number) {
    if (n > 0) this.max = Math.min(n, SEND_MAX_PDU);
  }

  /** One command or data set as PDVs (6 bytes of each PDU are its headers). */
  send(contextId: number, command: boolean, bytes: Buffer): void {
    if (!this.open()) return;
    const room = this.max - 6;
    for (let at = 0; at < bytes.length || at === 0; at += room) {
      const end = Math.min(at + room, bytes.length);
      this.socket.write(dataPdu(contextId, command, end === bytes.length, bytes.subarray(at, end)));
      if (end === bytes.length) break;
    }
  }

  /** As send, then waits until the connection takes more. */
  async sendNow(contextId: number, command: boolean, bytes: Buffer): Promise<void> {
    this.send(contextId, command, bytes);
    await this.drained();
  }

  /** A data set from chunks, fragment by fragment; the last fragment waits for the stream's end. */
  async sendStream(contextId: number, chunks: AsyncIterable<Buffer>): Promise<void> {
    const room = this.max - 6;
    let held: Buffer = Buffer.alloc(0);
    for await (const chunk of chunks) {
      held = held.length ? Buffer.concat([held, chunk]) : chunk;
      while (held.length > room) {
        if (!this.open()) return;
        this.socket.write(dataPdu(contextId, false, false, held.subarray(0, room)));
        held = held.subarray(room);
        await this.drained();
      }
    }
    await this.sendNow(contextId, false, held);
  }

  /** Resolves when the socket's buffer has drained, or at once when it needs no draining or is gone. */
  private drained(): Promise<void> {
    if (!this.socket.writableNeedDrain || !this.open()) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        this.socket.off('drain', done);
        this.socket.off('close', done);
        resolve();
      };
      this.socket.on('drain', done);
      this.socket.on('close', done);
    });
  }
}
