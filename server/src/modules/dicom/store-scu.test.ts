import net from 'node:net';
import { PassThrough, Readable, type Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import type { Command } from './dimse-command';
import { IMPLICIT_LE } from './pdu';
import { ScpAssociation, type Decision, type Outcome, type Proposal } from './scp-association';
import { storeInstances, type StoreOutcome } from './store-scu';

const CT = '1.2.840.10008.5.1.4.1.1.2';

/** Takes every context and every instance, and counts them. */
class Sink extends ScpAssociation {
  stored: string[] = [];
  constructor(socket: net.Socket) {
    super(socket, { requestMs: 5000, idleMs: 5000 });
  }
  protected decide(rq: Proposal): Promise<Decision> {
    return Promise.resolve({
      ok: true,
      results: rq.contexts.map((c) => ({ id: c.id, result: 0, transferSyntax: c.transferSyntaxes[0]! })),
    });
  }
  protected echo(): Outcome {
    return { status: 0 };
  }
  protected find() {
    return Promise.resolve({ matches: [], final: { status: 0 } });
  }
  protected openStore(): Writable {
    return new PassThrough().resume();
  }
  protected store(cmd: Command): Promise<Outcome> {
    this.stored.push(cmd.sopInstance);
    return Promise.resolve({ status: 0 });
  }
  protected ended(): void {}
  protected failed(): void {}
}

let server: net.Server | undefined;
afterEach(() => new Promise<void>((r) => (server ? server.close(() => r()) : r())));

/** A Part 10 file with an empty meta group after its length element, then a tiny data set. */
const part10 = () => {
  const head = Buffer.alloc(144);
  head.write('DICM', 128, 'latin1');
  head.writeUInt16LE(0x0002, 132);
  head.write('UL', 136, 'latin1');
  head.writeUInt16LE(4, 138);
  return Buffer.concat([head, Buffer.from([0x10, 0, 0x20, 0, 2, 0, 0, 0, 0x41, 0x20])]);
};

describe('storeInstances', () => {
  it('sends nothing more once its signal is aborted (a cancelled C-MOVE), and releases', async () => {
    const peers: Sink[] = [];
    server = net.createServer((s) => peers.push(new Sink(s)));
    await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
    const port = (server.address() as net.AddressInfo).port;
    const cancel = new AbortController();
    const outcomes: StoreOutcome[] = [];
    const items = [1, 2, 3].map((i) => ({
      sopIuid: `1.2.3.${i}`,
      sopClass: CT,
      transferSyntax: IMPLICIT_LE,
      open: () => Promise.resolve(Readable.from([part10()])),
    }));
    await storeInstances(
      { host: '127.0.0.1', port, callingAet: 'RXPACS', calledAet: 'SINK' },
      items,
      (o) => {
        outcomes.push(o);
        cancel.abort();
      },
      { signal: cancel.signal },
    );
    expect(outcomes).toEqual([{ sopIuid: '1.2.3.1', ok: true, status: 0 }]);
    expect(peers[0]!.stored).toEqual(['1.2.3.1']);
  });
});
