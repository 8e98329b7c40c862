import net, { type AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { ScuAssociation } from './scu-association';

describe('the DICOM association', () => {
  it('connects only to an IP address: a name is never resolved there', async () => {
    let connections = 0;
    const peer = net.createServer((s) => {
      connections++;
      s.destroy();
    });
    await new Promise<void>((r) => peer.listen(0, '127.0.0.1', r));
    const { port: p } = peer.address() as AddressInfo;
    const open = ScuAssociation.open({ host: 'localhost', port: p, callingAet: 'A', calledAet: 'B', contexts: [] });
    await expect(open).rejects.toMatchObject({ kind: 'unreachable' });
    expect(connections).toBe(0);
    await new Promise((r) => peer.close(r));
  });
});
