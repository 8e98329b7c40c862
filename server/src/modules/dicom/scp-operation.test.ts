import { once } from 'node:events';
import net from 'node:net';
import { PassThrough, type Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { parseCommand, responseTo, type Command } from './dimse-command';
import { associateRequest, dataPdu, parsePdvs, PDU, releaseRequest } from './pdu';
import { PduReader, type RawPdu } from './pdu-reader';
import { parseRoleSelections, withRoleSelections } from './pdu-roles';
import { SubOperations } from './qr-retrieve';
import { ScpAssociation, type Decision, type Outcome, type Proposal, type RetrieveRequest } from './scp-association';
import type { RetrieveIo, RetrieveOutcome } from './scp-operation';
import { answerRoles, IMPLICIT_LE, QR, type RoleSelection } from './syntaxes';

/**
 * The acceptor running C-FIND, C-MOVE and C-GET while it keeps reading: C-CANCEL reaches the operation under
 * way, a C-GET's C-STORE sub-operations go out on the caller's association and their responses come back.
 */
const CT = '1.2.840.10008.5.1.4.1.1.2';
const BIG = Buffer.alloc(600_000, 3); // more than two of the client's PDUs

/** Answers what the test client asks; each operation waits where the test needs it to. */
class QrScp extends ScpAssociation {
  moveDestination = '';
  findStopped = false;
  constructor(socket: net.Socket) {
    super(socket, { requestMs: 5000, idleMs: 5000 });
  }
  protected decide(rq: Proposal): Promise<Decision> {
    const results = rq.contexts.map((c) => ({ id: c.id, result: 0, transferSyntax: c.transferSyntaxes[0]! }));
    return Promise.resolve({ ok: true, results, roles: answerRoles(rq.contexts, rq.roles) });
  }
  protected echo(): Outcome {
    return { status: 0 };
  }
  /** One match, then nothing more until the peer cancels; a second match then must not be sent. */
  protected find(_cmd: Command, _id: Buffer, _syntax: string, signal: AbortSignal) {
    const matches = (async function* (self: QrScp) {
      yield Buffer.from([0x10, 0x00, 0x20, 0x00, 2, 0, 0, 0, 0x41, 0x20]); // (0010,0020) "A "
      if (!signal.aborted) await once(signal, 'abort');
      self.findStopped = true;
      yield Buffer.from([0x10, 0x00, 0x20, 0x00, 2, 0, 0, 0, 0x42, 0x20]);
    })(this);
    return Promise.resolve({ matches, final: { status: 0 } });
  }
  protected override async retrieve(cmd: Command, rq: RetrieveRequest, io: RetrieveIo): Promise<RetrieveOutcome> {
    this.moveDestination = rq.moveDestination;
    const subs = new SubOperations(cmd.command === 0x0021 ? 3 : 2);
    if (cmd.command === 0x0021) {
      await io.pending(subs.counts);
      if (!io.signal.aborted) await once(io.signal, 'abort');
      return subs.outcome(io.signal.aborted);
    }
    for (const [i, context] of io.storeContexts(CT).entries()) {
      const rsp = await io.store(
        context.id,
        CT,
        `1.2.3.${i}`,
        (async function* () {
          yield BIG.subarray(0, 1000);
          yield BIG.subarray(1000);
        })(),
      );
      subs.done(`1.2.3.${i}`, rsp.status === 0 ? 'completed' : 'failed');
      await io.pending(subs.counts);
    }
    subs.done('1.2.3.9', 'failed'); // an instance no context can carry
    return subs.outcome(io.signal.aborted);
  }
  protected openStore(): Writable {
    return new PassThrough();
  }
  protected store(): Promise<Outcome> {
    return Promise.resolve({ status: 0 });
  }
  protected ended(): void {}
  protected failed(): void {}
}

let server: net.Server | undefined;
afterEach(() => new Promise<void>((r) => (server ? server.close(() => r()) : r())));

async function listen() {
  const peers: QrScp[] = [];
  server = net.createServer((s) => peers.push(new QrScp(s)));
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
  return { port: (server!.address() as net.AddressInfo).port, peers };
}

type Dimse = { contextId: number; cmd: Command; raw: Buffer; data?: Buffer };
type Message = Dimse | { pdu: number };

/** A bare DIMSE client: whole messages in, commands and data sets out. */
class Client {
  private readonly reader = new PduReader(1 << 22);
  private readonly queue: Message[] = [];
  private waiter: ((m: Message) => void) | null = null;
  private cmd: { contextId: number; parts: Buffer[]; cmd?: Command; raw?: Buffer } | null = null;
  private data: Buffer[] = [];
  ac: Buffer | null = null;

  constructor(private readonly socket: net.Socket) {
    socket.on('data', (b: Buffer) => this.reader.push(b).forEach((p) => this.pdu(p)));
    socket.on('close', () => this.push({ pdu: -1 }));
  }

  static async open(port: number, roles: RoleSelection[]) {
    const socket = net.connect(port, '127.0.0.1');
    await once(socket, 'connect');
    const c = new Client(socket);
    const contexts = [
      { id: 1, abstractSyntax: QR.studyFind, transferSyntaxes: [IMPLICIT_LE] },
      { id: 3, abstractSyntax: QR.studyMove, transferSyntaxes: [IMPLICIT_LE] },
      { id: 5, abstractSyntax: QR.studyGet, transferSyntaxes: [IMPLICIT_LE] },
      { id: 7, abstractSyntax: CT, transferSyntaxes: [IMPLICIT_LE] },
    ];
    socket.write(withRoleSelections(associateRequest('CLIENT', 'RXPACS', contexts), roles));
    const m = await c.next();
    if (!('pdu' in m) || m.pdu !== PDU.ASSOC_AC) throw new Error('not accepted');
    return c;
  }

  private push(m: Message) {
    if (this.waiter) {
      const w = this.waiter;
      this.waiter = null;
      w(m);
    } else this.queue.push(m);
  }

  private pdu(p: RawPdu) {
    if (p.type === PDU.ASSOC_AC) this.ac = p.body;
    if (p.type !== PDU.DATA) return this.push({ pdu: p.type });
    for (const v of parsePdvs(p.body)) {
      if (v.command) {
        this.cmd = { contextId: v.contextId, parts: [...(this.cmd?.parts ?? []), v.value] };
        if (!v.last) continue;
        const raw = Buffer.concat(this.cmd.parts);
        const cmd = parseCommand(raw);
        if (!cmd.hasDataSet) {
          this.push({ contextId: v.contextId, cmd, raw });
          this.cmd = null;
        } else Object.assign(this.cmd, { cmd, raw });
        continue;
      }
      this.data.push(v.value);
      if (!v.last) continue;
      const { contextId, cmd, raw } = this.cmd!;
      this.push({ contextId, cmd: cmd!, raw: raw!, data: Buffer.concat(this.data) });
      this.cmd = null;
      this.data = [];
    }
  }

  next(): Promise<Message> {
    const m = this.queue.shift();
    if (m) return Promise.resolve(m);
    return new Promise((r) => (this.waiter = r));
  }

  async dimse(): Promise<Dimse> {
    const m = await this.next();
    if ('pdu' in m) throw new Error(`PDU ${m.pdu} instead of a message`);
    return m;
  }

  send(contextId: number, command: Buffer, data?: Buffer) {
    this.socket.write(dataPdu(contextId, true, true, command));
    if (data) this.socket.write(dataPdu(contextId, false, true, data));
  }

  close() {
    this.socket.write(releaseRequest());
  }
}

/** A request command set (implicit VR LE): the fields, in tag order. */
function request(command: number, o: { id: number; sopClass?: string; respondingTo?: number; dest?: string }) {
  const el = (tag: number, v: Buffer) => {
    const h = Buffer.alloc(8);
    h.writeUInt16LE(tag, 2);
    h.writeUInt32LE(v.length, 4);
    return Buffer.concat([h, v]);
  };
  const us = (n: number) => Buffer.from([n & 0xff, n >> 8]);
  const uid = (s: string) => Buffer.from(s.length % 2 ? `${s}\0` : s, 'latin1');
  const fields = [
    ...(o.sopClass ? [el(0x0002, uid(o.sopClass))] : []),
    el(0x0100, us(command)),
    command === 0x0fff ? el(0x0120, us(o.respondingTo!)) : el(0x0110, us(o.id)),
    ...(o.dest ? [el(0x0600, Buffer.from(o.dest.padEnd(16), 'latin1'))] : []),
    ...(command === 0x0fff ? [] : [el(0x0700, us(0))]),
    el(0x0800, us(command === 0x0fff ? 0x0101 : 0)),
  ];
  const rest = Buffer.concat(fields);
  const length = Buffer.alloc(4);
  length.writeUInt32LE(rest.length);
  return Buffer.concat([el(0x0000, length), rest]);
}
const IDENTIFIER = Buffer.from([0x08, 0x00, 0x52, 0x00, 6, 0, 0, 0, ...Buffer.from('STUDY ')]);
/** The sub-operation counts of a response command set: remaining, completed, failed, warning (absent: -1). */
const counts = (b: Buffer) => {
  const out = [-1, -1, -1, -1];
  for (let at = 0; at + 8 <= b.length; at += 8 + b.readUInt32LE(at + 4)) {
    const tag = b.readUInt16LE(at + 2);
    if (tag >= 0x1020 && tag <= 0x1023) out[tag - 0x1020] = b.readUInt16LE(at + 8);
  }
  return out;
};

describe('operations that run while the association reads on', () => {
  it('stops a C-FIND at C-CANCEL: the match held back is not sent, the final status is 0xFE00', async () => {
    const { port, peers } = await listen();
    const c = await Client.open(port, []);
    c.send(1, request(0x0020, { id: 5, sopClass: QR.studyFind }), IDENTIFIER);
    const first = await c.dimse();
    expect(first.cmd).toMatchObject({ command: 0x8020, status: 0xff00, respondingTo: 5 });
    expect(first.data!.toString('latin1', 8)).toBe('A ');
    c.send(1, request(0x0fff, { id: 0, respondingTo: 5 }));
    const final = await c.dimse();
    expect(final.cmd).toMatchObject({ command: 0x8020, status: 0xfe00, respondingTo: 5, hasDataSet: false });
    c.close();
    expect(await c.next()).toEqual({ pdu: PDU.RELEASE_RP });
    expect(peers[0]!.findStopped).toBe(true);
  });

  it('stops a C-MOVE at C-CANCEL with the counts, remaining included; reads the move destination', async () => {
    const { port, peers } = await listen();
    const c = await Client.open(port, []);
    c.send(3, request(0x0021, { id: 9, sopClass: QR.studyMove, dest: 'STORESCP' }), IDENTIFIER);
    const pending = await c.dimse();
    expect(pending.cmd).toMatchObject({ command: 0x8021, status: 0xff00 });
    expect(peers[0]!.moveDestination).toBe('STORESCP');
    c.send(3, request(0x0fff, { id: 0, respondingTo: 9 }));
    expect(counts(pending.raw)).toEqual([3, 0, 0, 0]);
    const final = await c.dimse();
    expect(final.cmd).toMatchObject({ command: 0x8021, status: 0xfe00, respondingTo: 9 });
    expect(counts(final.raw)).toEqual([3, 0, 0, 0]);
    c.close();
    expect(await c.next()).toEqual({ pdu: PDU.RELEASE_RP });
  });

  it('sends C-GET sub-operations on the storage context the caller took the SCP role for', async () => {
    const { port } = await listen();
    const c = await Client.open(port, [{ sopClass: CT, scu: false, scp: true }]);
    expect(parseRoleSelections(c.ac!)).toEqual([{ sopClass: CT, scu: false, scp: true }]);
    c.send(5, request(0x0010, { id: 2, sopClass: QR.studyGet }), IDENTIFIER);
    const store = await c.dimse();
    expect(store.contextId).toBe(7);
    expect(store.cmd).toMatchObject({ command: 0x0001, sopClass: CT, sopInstance: '1.2.3.0' });
    expect(store.data!.equals(BIG)).toBe(true);
    c.send(7, responseTo(store.cmd, 0));
    const pending = await c.dimse();
    expect(pending.cmd).toMatchObject({ command: 0x8010, status: 0xff00, respondingTo: 2 });
    expect(counts(pending.raw)).toEqual([1, 1, 0, 0]);
    const final = await c.dimse();
    // one stored, one no context could carry: B000, no remaining count, no identifier for a C-GET
    expect(final.cmd).toMatchObject({ command: 0x8010, status: 0xb000, hasDataSet: false });
    expect(counts(final.raw)).toEqual([-1, 1, 1, 0]);
    c.close();
    expect(await c.next()).toEqual({ pdu: PDU.RELEASE_RP });
  });

  it('offers no C-GET store context without the SCP role, and aborts a release while an operation runs', async () => {
    const { port, peers } = await listen();
    const c = await Client.open(port, []);
    c.send(5, request(0x0010, { id: 2, sopClass: QR.studyGet }), IDENTIFIER);
    // nothing could be sent: both sub-operations failed (A702)
    expect((await c.dimse()).cmd).toMatchObject({ command: 0x8010, status: 0xa702 });
    c.send(1, request(0x0020, { id: 3, sopClass: QR.studyFind }), IDENTIFIER);
    expect((await c.dimse()).cmd.status).toBe(0xff00);
    c.close();
    expect(await c.next()).toEqual({ pdu: PDU.ABORT });
    await new Promise((r) => setImmediate(r));
    expect(peers[0]!.findStopped).toBe(true);
  });
});
