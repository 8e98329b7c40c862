import type { Socket } from 'node:net';
import type { Writable } from 'node:stream';
import { COMMAND, parseCommand, responseTo, type Command } from './dimse-command';
import {
  abortRequest,
  associateAccept,
  associateReject,
  parseAssociateRequest,
  parsePdvParts,
  PDU,
  PduError,
  releaseResponse,
  type AcceptedContext,
  type AssociateRequest,
} from './pdu';
import { PduReader, type RawPdu } from './pdu-reader';
import { PdvSender } from './pdv-sender';
import { parseRoleSelections, withRoleSelections } from './pdu-roles';
import { moveDestinationOf, QR_COMMAND } from './qr-command';
import {
  finishRetrieve,
  retrieveIo,
  runFind,
  RunningOperation,
  type DimseChannel,
  type Matches,
  type NegotiatedContext,
  type RetrieveIo,
  type RetrieveOutcome,
} from './scp-operation';
import type { RoleSelection } from './syntaxes';
import { DIMSE_STATUS, NOT_STORED } from './status';

/** The largest P-DATA-TF PDU we take: a 512 x 512 CT instance arrives in one. */
export const SCP_MAX_PDU = 1 << 20;
/** A C-FIND identifier is a handful of keys; more than this is not a query. */
const MAX_IDENTIFIER = 256 * 1024;

export type Decision =
  | {
      ok: true;
      results: AcceptedContext[];
      /** Role selections answered (PS3.7 D.3.3.4); a storage class listed with scp: the caller stores C-GET's sub-operations. */
      roles?: RoleSelection[];
    }
  | { ok: false; result: number; source: number; reason: number };

/** An A-ASSOCIATE-RQ with the role selections it proposes. */
export type Proposal = AssociateRequest & { roles: RoleSelection[] };

/** A C-MOVE or C-GET request as the subclass gets it. */
export interface RetrieveRequest {
  identifier: Buffer;
  /** The context's transfer syntax (the identifier's and the answers'). */
  syntax: string;
  /** C-MOVE: the AE title the instances go to. */
  moveDestination: string;
}

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

type Incoming = {
  cmd: Command;
  raw: Buffer;
  contextId: number;
  sink: Writable | null;
  identifier: Buffer[];
  size: number;
};

/**
 * The acceptor side of one association (PS3.8 state machine, the parts an SCP meets): A-ASSOCIATE-RQ → decide →
 * AC or RJ; P-DATA-TF carrying commands and data sets, one operation at a time (no asynchronous window is
 * negotiated); A-RELEASE; A-ABORT either way. A C-STORE data set streams into the sink the subclass opens, PDV
 * by PDV, and its response leaves when the subclass has taken it. A C-FIND, C-MOVE or C-GET runs while PDUs
 * are still read (scp-operation.ts), so the peer's C-CANCEL and a C-GET's C-STORE responses reach it; a
 * request arriving meanwhile waits for it. Anything out of protocol aborts.
 */
export abstract class ScpAssociation {
  private readonly reader = new PduReader(SCP_MAX_PDU + 1024, { splitData: true });
  private state: 'awaiting-request' | 'deciding' | 'associated' | 'closing' | 'closed' = 'awaiting-request';
  private request: AssociateRequest | null = null;
  private contexts = new Map<number, NegotiatedContext>();
  private commandParts: Buffer[] = [];
  private incoming: Incoming | null = null;
  /** PDUs are handled strictly in order; an operation's response is sent before the next PDU is looked at. */
  private work: Promise<void> = Promise.resolve();
  /** The C-FIND, C-MOVE or C-GET under way, and its end. */
  private running: { op: RunningOperation; done: Promise<void> } | null = null;
  private readonly out: PdvSender;
  private readonly channel: DimseChannel;

  constructor(
    protected readonly socket: Socket,
    private readonly timeouts: Timeouts,
  ) {
    this.out = new PdvSender(socket, () => this.state === 'associated');
    this.channel = {
      contexts: this.contexts,
      send: (contextId, command, bytes) => this.out.sendNow(contextId, command, bytes),
      sendStream: (contextId, chunks) => this.out.sendStream(contextId, chunks),
      sendFinal: (contextId, command, bytes) => this.out.send(contextId, command, bytes),
    };
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
  protected abstract decide(rq: Proposal): Promise<Decision>;
  protected abstract echo(cmd: Command): Outcome;
  /**
   * C-FIND: the matches (data sets in the context's syntax, sent one by one until the peer cancels: `signal`
   * aborts then), the final status, and the pending status when not 0xFF00.
   */
  protected abstract find(
    cmd: Command,
    identifier: Buffer,
    syntax: string,
    signal: AbortSignal,
  ): Promise<{ matches: Matches; final: Outcome; pendingStatus?: number }>;
  /** C-MOVE and C-GET: run the sub-operations (pending responses through io), answer the final outcome. */
  protected retrieve(_cmd: Command, _rq: RetrieveRequest, _io: RetrieveIo): Promise<RetrieveOutcome> {
    const counts = { remaining: 0, completed: 0, failed: 0, warning: 0 };
    return Promise.resolve({ status: DIMSE_STATUS.sopClassNotSupported, counts, failedUids: [] });
  }
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
        return await this.associate({ ...parseAssociateRequest(p.body), roles: parseRoleSelections(p.body) });
      }
      if (p.type === PDU.RELEASE_RQ) {
        // A release with an operation outstanding is out of protocol (PS3.7 D.3.3.3 has no window negotiated).
        if (this.incoming || this.running) return this.abort(2, 2);
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

  private async associate(rq: Proposal) {
    this.request = rq;
    this.state = 'deciding';
    const d = await this.decide(rq);
    if (this.state !== 'deciding') return;
    if (!d.ok) {
      this.state = 'closing';
      this.socket.end(associateReject(d.result, d.source, d.reason));
      return;
    }
    const peerScp = new Set((d.roles ?? []).filter((r) => r.scp).map((r) => r.sopClass));
    for (const r of d.results) {
      const abstractSyntax = rq.contexts.find((c) => c.id === r.id)?.abstractSyntax ?? '';
      if (r.result === 0)
        this.contexts.set(r.id, {
          abstractSyntax,
          transferSyntax: r.transferSyntax,
          peerIsScp: peerScp.has(abstractSyntax),
        });
    }
    this.out.peerMax = rq.maxPdu;
    this.state = 'associated';
    this.socket.setTimeout(this.timeouts.idleMs);
    this.socket.write(withRoleSelections(associateAccept(rq, d.results, SCP_MAX_PDU), d.roles ?? []));
  }

  private async pdv(contextId: number, command: boolean, last: boolean, values: Buffer[]) {
    const context = this.contexts.get(contextId);
    if (!context) return this.abort(2, 6);
    if (command) {
      if (this.incoming) return this.abort(2, 2);
      this.commandParts.push(...values);
      if (!last) return;
      const raw = Buffer.concat(this.commandParts);
      const cmd = parseCommand(raw);
      this.commandParts = [];
      if (!cmd.hasDataSet) return this.operate(cmd, contextId, null);
      const store = cmd.command === COMMAND.C_STORE_RQ;
      this.incoming = {
        cmd,
        raw,
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
    // A C-GET's C-STORE responses, and C-CANCEL, act on the operation under way at once.
    if (cmd.command === QR_COMMAND.C_STORE_RSP) return this.running?.op.deliver(cmd);
    if (cmd.command === COMMAND.C_CANCEL_RQ) {
      if (this.running?.op.messageId === cmd.respondingTo) this.running.op.cancel();
      return;
    }
    if (this.running) await this.running.done;
    switch (cmd.command) {
      case COMMAND.C_ECHO_RQ:
        return this.respond(contextId, cmd, this.echo(cmd));
      case COMMAND.C_STORE_RQ:
        if (!inc?.sink)
          return this.respond(contextId, cmd, { status: DIMSE_STATUS.cannotUnderstand, comment: 'No data set' });
        return this.respond(contextId, cmd, await this.store(cmd, inc.sink));
      case COMMAND.C_FIND_RQ:
        return this.begin(cmd, async (op) => {
          const found = await this.find(cmd, Buffer.concat(inc?.identifier ?? []), syntax, op.signal);
          await runFind(this.channel, op, cmd, contextId, found);
        });
      case QR_COMMAND.C_MOVE_RQ:
      case QR_COMMAND.C_GET_RQ: {
        const rq = {
          identifier: Buffer.concat(inc?.identifier ?? []),
          syntax,
          moveDestination: inc ? moveDestinationOf(inc.raw) : '',
        };
        return this.begin(cmd, async (op) => {
          const outcome = await this.retrieve(cmd, rq, retrieveIo(this.channel, op, cmd, contextId));
          finishRetrieve(this.channel, cmd, contextId, syntax, outcome);
        });
      }
      default:
        // Unrecognized operation (PS3.7 C.4.2).
        return this.respond(contextId, cmd, { status: DIMSE_STATUS.unrecognizedOperation });
    }
  }

  /** Starts an operation that runs while the association keeps reading; a failure in it aborts the association. */
  private begin(cmd: Command, run: (op: RunningOperation) => Promise<void>) {
    const op = new RunningOperation(cmd.messageId);
    const done = run(op)
      .catch((err: unknown) => {
        if (this.state === 'closed') return;
        this.failed(err);
        this.abort(2, 0);
      })
      .finally(() => {
        if (this.running?.op === op) this.running = null;
      });
    this.running = { op, done };
  }

  private respond(contextId: number, cmd: Command, o: Outcome) {
    this.out.send(contextId, true, responseTo(cmd, o.status, { comment: o.comment }));
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
    this.running?.op.stop();
    this.ended();
    if (!this.socket.destroyed && !this.socket.writableEnded) this.socket.destroy();
  }
}
