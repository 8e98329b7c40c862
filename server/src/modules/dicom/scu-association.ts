import net from 'node:net';
import { echoRequest, parseCommand, storeRequest, type Command } from './dimse-command';
import {
  abortRequest,
  associateRequest,
  dataPdu,
  parseAssociateAccept,
  parseAssociateReject,
  parsePdvs,
  PDU,
  releaseRequest,
  type AcceptedContext,
  type ProposedContext,
} from './pdu';
import { PduReader, type RawPdu } from './pdu-reader';

/**
 * One association as a service class user, on a plain socket: our own small upper-layer client rather than
 * dcmjs-dimse's, because forwarding must send each stored data set byte for byte and one at a time
 * (dcmjs-dimse re-encodes data sets through dcmjs, which does not keep GB18030 text, and reads every request
 * before it connects).
 */

export type DicomFailure = 'refused' | 'unreachable' | 'timeout' | 'rejected' | 'aborted' | 'closed' | 'protocol';

export class DicomNetError extends Error {
  constructor(
    readonly kind: DicomFailure,
    /** For 'rejected': the A-ASSOCIATE-RJ fields; otherwise the underlying message. */
    readonly detail: string,
    readonly reject?: { result: number; source: number; reason: number },
  ) {
    super(`${kind}: ${detail}`);
  }
}

export interface AssociationOptions {
  /** An IP address, checked by the outbound policy; never a name. */
  host: string;
  port: number;
  callingAet: string;
  calledAet: string;
  contexts: ProposedContext[];
  connectTimeoutMs?: number;
  /** Longest silence on the connection (nothing sent nor received) before it is given up. */
  idleTimeoutMs?: number;
}

/** What we send in one PDV at most, whatever larger PDU the peer accepts. */
const SEND_MAX_PDU = 256 * 1024;

export class ScuAssociation {
  private readonly reader = new PduReader(64 << 20);
  private arrived: RawPdu[] = [];
  private waiting: { resolve: (p: RawPdu) => void; reject: (e: Error) => void } | null = null;
  private failure: DicomNetError | null = null;
  private messageId = 0;
  contexts = new Map<number, AcceptedContext>();
  private fragment = SEND_MAX_PDU - 6;

  private constructor(private readonly socket: net.Socket) {
    socket.on('data', (b: Buffer) => {
      try {
        this.arrived.push(...this.reader.push(b));
      } catch (err) {
        this.fail(new DicomNetError('protocol', (err as Error).message));
        socket.destroy();
      }
      this.deliver();
    });
    socket.on('error', (err: NodeJS.ErrnoException) => this.fail(netError(err)));
    socket.on('close', () => this.fail(new DicomNetError('closed', 'the peer closed the connection')));
    socket.on('timeout', () => {
      this.fail(new DicomNetError('timeout', 'no answer in time'));
      socket.destroy();
    });
  }

  static async open(o: AssociationOptions): Promise<ScuAssociation> {
    const socket = await connect(o.host, o.port, o.connectTimeoutMs ?? 5000);
    socket.setNoDelay(true);
    socket.setTimeout(o.idleTimeoutMs ?? 30_000);
    const a = new ScuAssociation(socket);
    try {
      await a.write(associateRequest(o.callingAet, o.calledAet, o.contexts));
      const answer = await a.next();
      if (answer.type === PDU.ASSOC_RJ) {
        const rj = parseAssociateReject(answer.body);
        throw new DicomNetError('rejected', `result ${rj.result} source ${rj.source} reason ${rj.reason}`, rj);
      }
      if (answer.type === PDU.ABORT) throw new DicomNetError('aborted', 'the peer aborted the association');
      if (answer.type !== PDU.ASSOC_AC) throw new DicomNetError('protocol', `unexpected PDU ${answer.type}`);
      const { contexts, maxPdu } = parseAssociateAccept(answer.body);
      for (const c of contexts) a.contexts.set(c.id, c);
      if (maxPdu > 0) a.fragment = Math.min(maxPdu, SEND_MAX_PDU) - 6;
      return a;
    } catch (err) {
      socket.destroy();
      throw err;
    }
  }

  /** C-ECHO on the given (accepted) verification context: the response status (0 success). */
  async echo(contextId: number): Promise<Command> {
    const id = this.nextId();
    await this.write(dataPdu(contextId, true, true, echoRequest(id)));
    return this.response(id);
  }

  /**
   * C-STORE of one data set (the bytes after the Part 10 meta header), streamed in fragments no larger than
   * the peer takes; the last fragment is held back until the stream ends so it can carry the last flag.
   */
  async store(contextId: number, sopClass: string, sopInstance: string, dataSet: AsyncIterable<Buffer>) {
    const id = this.nextId();
    await this.write(dataPdu(contextId, true, true, storeRequest(id, sopClass, sopInstance)));
    let pending: Buffer[] = [];
    let size = 0;
    for await (const chunk of dataSet) {
      pending.push(chunk);
      size += chunk.length;
      if (size <= this.fragment) continue;
      let all = Buffer.concat(pending);
      while (all.length > this.fragment) {
        await this.write(dataPdu(contextId, false, false, all.subarray(0, this.fragment)));
        all = all.subarray(this.fragment);
      }
      pending = [all];
      size = all.length;
    }
    await this.write(dataPdu(contextId, false, true, Buffer.concat(pending)));
    return this.response(id);
  }

  /** A-RELEASE; the connection closes either way. */
  async release(): Promise<void> {
    try {
      await this.write(releaseRequest());
      await this.next();
    } catch {
      // the peer may close instead of answering
    } finally {
      this.socket.destroy();
    }
  }

  abort(): void {
    if (!this.socket.destroyed) this.socket.end(abortRequest());
    this.socket.destroy();
  }

  private nextId() {
    this.messageId = (this.messageId % 0xffff) + 1;
    return this.messageId;
  }

  private async response(id: number): Promise<Command> {
    const parts: Buffer[] = [];
    for (;;) {
      const p = await this.next();
      if (p.type === PDU.ABORT) throw new DicomNetError('aborted', 'the peer aborted the association');
      if (p.type !== PDU.DATA) throw new DicomNetError('protocol', `unexpected PDU ${p.type}`);
      for (const pdv of parsePdvs(p.body)) {
        if (!pdv.command) continue; // a response has no data set we need
        parts.push(pdv.value);
        if (!pdv.last) continue;
        const rsp = parseCommand(Buffer.concat(parts));
        if (rsp.respondingTo === id) return rsp;
        parts.length = 0;
      }
    }
  }

  private write(buf: Buffer): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      this.socket.write(buf, (err) => (err ? reject(this.failure ?? netError(err)) : resolve()));
    });
  }

  private next(): Promise<RawPdu> {
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
      this.deliver();
    });
  }

  private deliver() {
    if (!this.waiting) return;
    const next = this.arrived.shift();
    if (next || this.failure) {
      const w = this.waiting;
      this.waiting = null;
      if (next) w.resolve(next);
      else w.reject(this.failure!);
    }
  }

  private fail(err: DicomNetError) {
    this.failure ??= err;
    this.deliver();
  }
}

function netError(err: NodeJS.ErrnoException): DicomNetError {
  if (err instanceof DicomNetError) return err;
  if (err.code === 'ECONNREFUSED') return new DicomNetError('refused', err.message);
  if (err.code === 'ETIMEDOUT') return new DicomNetError('timeout', err.message);
  if (['EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN'].includes(err.code ?? ''))
    return new DicomNetError('unreachable', err.message);
  return new DicomNetError('closed', err.message);
}

/** `host` is an address the outbound policy checked (lib/outbound.ts): a name here would be resolved again. */
function connect(host: string, port: number, timeoutMs: number): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    if (!net.isIP(host)) return reject(new DicomNetError('unreachable', 'not a checked IP address'));
    const socket = net.connect({ host, port });
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new DicomNetError('timeout', `no connection to ${host}:${port} within ${timeoutMs} ms`));
    }, timeoutMs);
    socket.once('connect', () => {
      clearTimeout(timer);
      socket.removeAllListeners('error');
      resolve(socket);
    });
    socket.once('error', (err: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      socket.destroy();
      reject(netError(err));
    });
  });
}
