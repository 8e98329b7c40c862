import type { Socket } from 'node:net';
import type { Writable } from 'node:stream';
import { COMMAND, parseCommand, responseTo, type Command } from './dimse-command';
import {
  abortRequest,
  associateAccept,
  associateReject,
  dataPdu,
  parseAssociateRequest,
  parsePdvParts,
  PDU,
  PduError,
  releaseResponse,
  type AcceptedContext,
  type AssociateRequest,
} from './pdu';
import { PduReader, type RawPdu } from './pdu-reader';
import { DIMSE_STATUS, NOT_STORED } from './status';

/** The largest P-DATA-TF PDU we take: a 512 x 512 CT instance arrives in one. */
export const SCP_MAX_PDU = 1 << 20;
/** What we send in one PDU at most when the peer sets no limit. */
const SEND_MAX_PDU = 256 * 1024;
/** A C-FIND identifier is a handful of keys; more than this is not a query. */
const MAX_IDENTIFIER = 256 * 1024;

export type Decision =
  { ok: true; results: AcceptedContext[] } | { ok: false; result: number; source: number; reason: number };

export interface Outcome {
  status: number;
  comment?: string | undefined;
}

export interface Timeouts {
  /** From connect to the A-ASSOCIATE-RQ (PS3.8 ARTIM). */
  requestMs: number;
  /** Longest silence once associated. */
  idleMs: number;
}

type Incoming = { cmd: Command; contextId: number; sink: Writable | null; identifier: Buffer[]; size: number };

/**
 * The acceptor side of one association (PS3.8 state machine, the parts an SCP meets): A-ASSOCIATE-RQ → decide →
 * AC or RJ; P-DATA-TF carrying commands and data sets, one operation at a time (no asynchronous window is
 * negotiated); A-RELEASE; A-ABORT either way. A C-STORE data set streams into the sink the subclass opens, PDV
 * by PDV, and its response leaves when the subclass has taken it. Anything out of protocol aborts.
 */
export abstract class ScpAssociation {
  private readonly reader = new PduReader(SCP_MAX_PDU + 1024, { splitData: true });
  private state: 'awaiting-request' | 'deciding' | 'associated' | 'closing' | 'closed' = 'awaiting-request';
  private request: AssociateRequest | null = null;
  private contexts = new Map<number, AcceptedContext>();
  private sendMax = SEND_MAX_PDU;
  private commandParts: Buffer[] = [];
  private incoming: Incoming | null = null;
  /** PDUs are handled strictly in order; an operation's response is sent before the next PDU is looked at. */
  private work: Promise<void> = Promise.resolve();

  constructor(
    protected readonly socket: Socket,
    private readonly timeouts: Timeouts,
  ) {
    socket.setTimeout(timeouts.requestMs);
    socket.on('timeout', () => this.abort(2, 0));
    socket.on('error', () => this.teardown());
    socket.on('close', () => this.teardown());
    socket.on('data', (chunk: Buffer) => {
      let pdus: RawPdu[];
      try {
        pdus = this.reader.push(chunk);
      } catch {
        return this.abort(2, 2);
      }
      for (const p of pdus)
        this.work = this.work
          .then(() => this.handle(p))
          .catch((err: unknown) => {
            this.failed(err);
            this.abort(2, 0);
          });
    });
  }

  protected get calling() {
    return this.request;
  }

  /** Whether to take the association, and each proposed context's result. */
  protected abstract decide(rq: AssociateRequest): Promise<Decision>;
  protected abstract echo(cmd: Command): Outcome;
  /** C-FIND: the matches (data sets in the context's syntax) and the final status. */
  protected abstract find(
    cmd: Command,
    identifier: Buffer,
    syntax: string,
  ): Promise<{ matches: Buffer[]; final: Outcome }>;
  /** Where a C-STORE data set's bytes go as they arrive. */
  protected abstract openStore(cmd: Command, syntax: string): Writable;
  /** The data set is whole in the sink (ended): take it, and answer its status. */
  protected abstract store(cmd: Command, sink: Writable): Promise<Outcome>;
  /** The association is over (released, aborted, or the connection lost): drop what is half received. */
  protected abstract ended(): void;
  /** A handler failed unexpectedly; the association is aborted after this. */
  protected abstract failed(err: unknown): void;

  private async handle(p: RawPdu): Promise<void> {
    if (this.state === 'closed' || this.state === 'closing') return;
    if (p.type === PDU.ABORT) return this.teardown();
    try {
      if (this.state === 'awaiting-request') {
        if (p.type !== PDU.ASSOC_RQ) return this.abort(2, 2);
        return await this.associate(parseAssociateRequest(p.body));
      }
      if (p.type === PDU.RELEASE_RQ) {
        if (this.incoming) return this.abort(2, 2);
        this.state = 'closing';
        this.socket.end(releaseResponse());
        return;
      }
      if (p.type !== PDU.DATA) return this.abort(2, 2);
      for (const pdv of parsePdvParts(p.parts ?? [p.body]))
        await this.pdv(pdv.contextId, pdv.command, pdv.last, pdv.values);
    } catch (err) {
      if (err instanceof PduError) return this.abort(2, 6);
      throw err;
    }
  }

  private async associate(rq: AssociateRequest) {
    this.request = rq;
    this.state = 'deciding';
    const d = await this.decide(rq);
    if (this.state !== 'deciding') return;
    if (!d.ok) {
      this.state = 'closing';
      this.socket.end(associateReject(d.result, d.source, d.reason));
      return;
    }
    for (const r of d.results) if (r.result === 0) this.contexts.set(r.id, r);
    if (rq.maxPdu > 0) this.sendMax = Math.min(rq.maxPdu, SEND_MAX_PDU);
    this.state = 'associated';
    this.socket.setTimeout(this.timeouts.idleMs);
    this.socket.write(associateAccept(rq, d.results, SCP_MAX_PDU));
  }

  private async pdv(contextId: number, command: boolean, last: boolean, values: Buffer[]) {
    const context = this.contexts.get(contextId);
    if (!context) return this.abort(2, 6);
    if (command) {
      if (this.incoming) return this.abort(2, 2);
      this.commandParts.push(...values);
      if (!last) return;
      const cmd = parseCommand(Buffer.concat(this.commandParts));
      this.commandParts = [];
      if (!cmd.hasDataSet) return this.operate(cmd, contextId, null);
      const store = cmd.command === COMMAND.C_STORE_RQ;
      this.incoming = {
        cmd,
        contextId,
        sink: store ? this.openStore(cmd, context.transferSyntax) : null,
        identifier: [],
        size: 0,
      };
      return;
    }
    const inc = this.incoming;
    if (!inc || inc.contextId !== contextId) return this.abort(2, 2);
    if (inc.sink) for (const v of values) inc.sink.write(v);
    else {
      for (const v of values) inc.size += v.length;
      if (inc.size > MAX_IDENTIFIER) return this.abort(2, 0);
      inc.identifier.push(...values);
    }
    if (!last) return;
    this.incoming = null;
    if (inc.sink) {
      const sink = inc.sink;
      const written = await new Promise<boolean>((ok) => {
        sink.once('error', () => ok(false));
        sink.end(() => ok(true));
      });
      if (!written) return this.respond(contextId, inc.cmd, NOT_STORED);
    }
    await this.operate(inc.cmd, contextId, inc);
  }

  private async operate(cmd: Command, contextId: number, inc: Incoming | null) {
    const syntax = this.contexts.get(contextId)!.transferSyntax;
    switch (cmd.command) {
      case COMMAND.C_ECHO_RQ:
        return this.respond(contextId, cmd, this.echo(cmd));
      case COMMAND.C_STORE_RQ:
        if (!inc?.sink)
          return this.respond(contextId, cmd, { status: DIMSE_STATUS.cannotUnderstand, comment: 'No data set' });
        return this.respond(contextId, cmd, await this.store(cmd, inc.sink));
      case COMMAND.C_FIND_RQ: {
        const { matches, final } = await this.find(cmd, Buffer.concat(inc?.identifier ?? []), syntax);
        for (const m of matches) {
          this.send(contextId, true, responseTo(cmd, DIMSE_STATUS.pending, { withDataSet: true }));
          this.send(contextId, false, m);
        }
        return this.respond(contextId, cmd, final);
      }
      case COMMAND.C_CANCEL_RQ:
        return; // matches are sent at once: there is nothing left to cancel
      default:
        // Unrecognized operation (PS3.7 C.4.2).
        return this.respond(contextId, cmd, { status: DIMSE_STATUS.unrecognizedOperation });
    }
  }

  private respond(contextId: number, cmd: Command, o: Outcome) {
    this.send(contextId, true, responseTo(cmd, o.status, { comment: o.comment }));
  }

  /** One command or data set as PDVs no longer than the peer takes. */
  private send(contextId: number, command: boolean, bytes: Buffer) {
    if (this.state !== 'associated') return;
    const room = this.sendMax - 6;
    for (let at = 0; at < bytes.length || at === 0; at += room) {
      const end = Math.min(at + room, bytes.length);
      this.socket.write(dataPdu(contextId, command, end === bytes.length, bytes.subarray(at, end)));
      if (end === bytes.length) break;
    }
  }

  /** A-ABORT from us (source 2: the provider, reason 2 unexpected PDU, 6 invalid parameter), then close. */
  protected abort(source: number, reason: number) {
    if (this.state === 'closed') return;
    if (!this.socket.destroyed && this.state !== 'closing') this.socket.end(abortRequest(source, reason));
    this.teardown();
    // The peer closes on our A-ABORT; one that does not is cut off.
    setTimeout(() => this.socket.destroy(), 2000).unref();
  }

  private teardown() {
    if (this.state === 'closed') return;
    this.state = 'closed';
    this.incoming?.sink?.destroy();
    this.incoming = null;
    this.ended();
    if (!this.socket.destroyed && !this.socket.writableEnded) this.socket.destroy();
  }
}
