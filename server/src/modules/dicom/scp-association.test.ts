import net from 'node:net';
import { PassThrough, type Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import type { Command } from './dimse-command';
import {
  associateRequest,
  dataPdu,
  IMPLICIT_LE,
  parsePdvParts,
  parsePdvs,
  PDU,
  pdu,
  VERIFICATION_SOP_CLASS,
  type AssociateRequest,
} from './pdu';
import { PduReader } from './pdu-reader';
import { ScpAssociation, SCP_MAX_PDU, type Decision, type Outcome } from './scp-association';
import { DicomNetError, ScuAssociation } from './scu-association';

const CT = '1.2.840.10008.5.1.4.1.1.2';

/** An acceptor that records what reaches it: stores collect their bytes in memory. */
class Recorder extends ScpAssociation {
  stored: { sop: string; bytes: Buffer }[] = [];
  ended_ = 0;
  constructor(
    socket: net.Socket,
    private readonly accept: boolean,
    private readonly storeStatus = 0,
  ) {
    super(socket, { requestMs: 2000, idleMs: 2000 });
  }
  protected decide(rq: AssociateRequest): Promise<Decision> {
    if (!this.accept) return Promise.resolve({ ok: false, result: 1, source: 1, reason: 3 });
    return Promise.resolve({
      ok: true,
      results: rq.contexts.map((c) => ({ id: c.id, result: 0, transferSyntax: c.transferSyntaxes[0]! })),
    });
  }
  protected echo(): Outcome {
    return { status: 0 };
  }
  protected find(): Promise<{ matches: Buffer[]; final: Outcome }> {
    return Promise.resolve({ matches: [], final: { status: 0 } });
  }
  protected openStore(): Writable {
    const sink = new PassThrough();
    const parts: Buffer[] = [];
    sink.on('data', (b: Buffer) => parts.push(b));
    (sink as unknown as { parts: Buffer[] }).parts = parts;
    return sink;
  }
  protected store(cmd: Command, sink: Writable): Promise<Outcome> {
    this.stored.push({ sop: cmd.sopInstance, bytes: Buffer.concat((sink as unknown as { parts: Buffer[] }).parts) });
    return Promise.resolve({ status: this.storeStatus, comment: this.storeStatus ? 'refused here' : undefined });
  }
  protected ended(): void {
    this.ended_++;
  }
  protected failed(): void {}
}

let server: net.Server | undefined;
afterEach(() => new Promise<void>((r) => (server ? server.close(() => r()) : r())));

async function listen(make: (s: net.Socket) => Recorder): Promise<{ port: number; peers: Recorder[] }> {
  const peers: Recorder[] = [];
  server = net.createServer((s) => peers.push(make(s)));
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
  return { port: (server!.address() as net.AddressInfo).port, peers };
}

const contexts = [
  { id: 1, abstractSyntax: VERIFICATION_SOP_CLASS, transferSyntaxes: [IMPLICIT_LE] },
  { id: 3, abstractSyntax: CT, transferSyntaxes: [IMPLICIT_LE] },
];
const open = (port: number) =>
  ScuAssociation.open({ host: '127.0.0.1', port, callingAet: 'TEST', calledAet: 'RXPACS', contexts });

/** Sends raw bytes and answers the first PDU type that comes back (or 'closed'). */
async function raw(port: number, bytes: Buffer): Promise<number | 'closed'> {
  const s = net.connect(port, '127.0.0.1');
  const reader = new PduReader(1 << 20);
  return new Promise((resolve) => {
    s.on('data', (b: Buffer) => {
      const [p] = reader.push(b);
      if (p) resolve(p.type);
    });
    s.on('close', () => resolve('closed'));
    s.on('error', () => resolve('closed'));
    s.write(bytes);
  });
}

describe('the acceptor side of an association', () => {
  it('echoes, stores a data set sent over several PDUs byte for byte, answers the status, releases', async () => {
    const { port, peers } = await listen((s) => new Recorder(s, true));
    const a = await open(port);
    expect((await a.echo(1)).status).toBe(0);
    const data = Buffer.alloc(SCP_MAX_PDU * 2 + 12345, 7); // three PDUs at least
    data.writeUInt32LE(0xdeadbeef, data.length - 4);
    const rsp = await a.store(
      3,
      CT,
      '1.2.3.4',
      (async function* () {
        yield data.subarray(0, 1000);
        yield data.subarray(1000);
      })(),
    );
    expect(rsp).toMatchObject({ status: 0, respondingTo: 2 });
    await a.release();
    expect(peers[0]!.stored).toHaveLength(1);
    expect(peers[0]!.stored[0]!.sop).toBe('1.2.3.4');
    expect(peers[0]!.stored[0]!.bytes.equals(data)).toBe(true);
    await new Promise((r) => setTimeout(r, 50));
    expect(peers[0]!.ended_).toBe(1);
  });

  it("answers the subclass's refusal status and comment", async () => {
    const { port } = await listen((s) => new Recorder(s, true, 0xc000));
    const a = await open(port);
    const rsp = await a.store(
      3,
      CT,
      '1.2.3.5',
      (async function* () {
        yield Buffer.alloc(10);
      })(),
    );
    expect(rsp).toMatchObject({ status: 0xc000, comment: 'refused here' });
    await a.release();
  });

  it('rejects the association when told to, with the reason', async () => {
    const { port } = await listen((s) => new Recorder(s, false));
    const err = await open(port).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DicomNetError);
    expect((err as DicomNetError).reject).toEqual({ result: 1, source: 1, reason: 3 });
  });

  it('aborts on out-of-protocol input: data before association, a broken request, a PDU over the limit', async () => {
    const { port } = await listen((s) => new Recorder(s, true));
    expect(await raw(port, pdu(PDU.DATA, Buffer.alloc(10)))).toBe(PDU.ABORT);
    expect(await raw(port, pdu(PDU.ASSOC_RQ, Buffer.alloc(20)))).toBe(PDU.ABORT);
    const huge = Buffer.alloc(6);
    huge.writeUInt8(PDU.DATA, 0);
    huge.writeUInt32BE(SCP_MAX_PDU * 4, 2);
    expect(await raw(port, huge)).toBe(PDU.ABORT);
  });

  it('aborts a P-DATA on a context it never accepted', async () => {
    const { port } = await listen((s) => new Recorder(s, true));
    const s = net.connect(port, '127.0.0.1');
    const reader = new PduReader(1 << 20);
    const types: number[] = [];
    const closed = new Promise<void>((r) => s.on('close', () => r()));
    s.on('data', (b: Buffer) => {
      for (const p of reader.push(b)) {
        types.push(p.type);
        if (p.type === PDU.ASSOC_AC) {
          const pdv = Buffer.alloc(6 + 4);
          pdv.writeUInt32BE(2 + 4, 0);
          pdv.writeUInt8(99, 4); // context 99: never proposed
          pdv.writeUInt8(3, 5);
          s.write(pdu(PDU.DATA, pdv));
        }
      }
    });
    s.write(associateRequest('TEST', 'RXPACS', contexts));
    await closed;
    expect(types).toEqual([PDU.ASSOC_AC, PDU.ABORT]);
  });
});

describe('PduReader', () => {
  it('cuts PDUs out of arbitrary chunks, one byte at a time or several PDUs at once', () => {
    const a = pdu(PDU.DATA, Buffer.from('first'));
    const b = pdu(PDU.RELEASE_RQ, Buffer.alloc(4));
    const both = Buffer.concat([a, b]);
    const bytewise = new PduReader(100);
    const got = [...both].flatMap((byte) => bytewise.push(Buffer.from([byte])));
    expect(got.map((p) => [p.type, p.body.toString('latin1')])).toEqual([
      [PDU.DATA, 'first'],
      [PDU.RELEASE_RQ, '\0\0\0\0'],
    ]);
    expect(new PduReader(100).push(both)).toHaveLength(2);
    expect(() => new PduReader(4).push(a)).toThrow(/over the limit/);
  });
});

describe('P-DATA without joining', () => {
  const body = Buffer.concat([
    dataPdu(1, true, true, Buffer.from('command')).subarray(6),
    dataPdu(3, false, false, Buffer.from('the first half of a data set, ')).subarray(6),
    dataPdu(3, false, true, Buffer.from('and the rest')).subarray(6),
  ]);
  const joined = (ps: ReturnType<typeof parsePdvParts>) =>
    ps.map((p) => ({ ...p, values: Buffer.concat(p.values).toString('latin1') }));
  const whole = parsePdvs(body).map((p) => ({
    contextId: p.contextId,
    command: p.command,
    last: p.last,
    values: p.value.toString('latin1'),
  }));

  it('reads the same PDVs as the joined body wherever the reads split it, and copies no value', () => {
    for (let cut = 0; cut <= body.length; cut++) {
      const parts = [body.subarray(0, cut), body.subarray(cut)];
      expect(joined(parsePdvParts(parts))).toEqual(whole);
    }
    const bytewise = [...body].map((b) => Buffer.from([b]));
    expect(joined(parsePdvParts(bytewise))).toEqual(whole);
    const [, first] = parsePdvParts([body]);
    expect(first!.values[0]!.buffer).toBe(body.buffer); // a view, not a copy
  });

  it('refuses a PDV that does not fit its PDU or leaves no room for its header', () => {
    const long = Buffer.from(body);
    long.writeUInt32BE(body.length, 0);
    expect(() => parsePdvParts([long])).toThrow(/does not fit/);
    const tiny = Buffer.from(body);
    tiny.writeUInt32BE(1, 0);
    expect(() => parsePdvParts([tiny])).toThrow(/does not fit/);
    expect(() => parsePdvParts([body.subarray(0, 3)])).toThrow(/cut short/);
  });

  it('hands a P-DATA-TF on in its reads when asked, other PDUs joined', () => {
    const data = pdu(PDU.DATA, body);
    const release = pdu(PDU.RELEASE_RQ, Buffer.alloc(4));
    const reader = new PduReader(1 << 20, { splitData: true });
    const got = [...Buffer.concat([data, release])].flatMap((byte) => reader.push(Buffer.from([byte])));
    expect(got.map((p) => p.type)).toEqual([PDU.DATA, PDU.RELEASE_RQ]);
    expect(Buffer.concat(got[0]!.parts!)).toEqual(body);
    expect(got[0]!.parts!.length).toBe(body.length);
    expect(got[1]!.body).toEqual(Buffer.alloc(4));
  });
});
