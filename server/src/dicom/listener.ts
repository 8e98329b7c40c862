import { mkdir } from 'node:fs/promises';
import net from 'node:net';
import { dimseLog } from './dimse';
import type { AppDeps } from '../context';
import { createAssociationPolicy, type AssociationPolicy } from './policy';
import { PlatformScp } from './scp';

export interface DicomListener {
  port: number;
  aet: string;
  policy: AssociationPolicy;
  close(): Promise<void>;
}

/**
 * The platform's DICOM listener: one SCP (C-ECHO, C-STORE, modality worklist C-FIND) with AE title `aet` on
 * `host:port`. The TCP server is ours (dcmjs-dimse's own Server cannot bind to one address); each accepted
 * socket, with Nagle off, becomes a PlatformScp. close() stops accepting and ends open associations.
 */
export async function startDicomListener(
  deps: AppDeps,
  o: { port: number; host: string; aet: string },
): Promise<DicomListener> {
  dimseLog.setLevel('error');
  const stagingDir = deps.images.stagingDir;
  await mkdir(stagingDir, { recursive: true });
  const policy = createAssociationPolicy(deps, o.aet);
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    socket.setNoDelay(true);
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    new PlatformScp(socket, { deps, aet: o.aet, policy, stagingDir });
  });
  server.on('error', (err) => deps.log.error({ err: err.message }, 'dicom: listener error'));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(o.port, o.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as net.AddressInfo).port;
  deps.log.info({ port, host: o.host, aet: o.aet }, 'dicom: listening');
  return {
    port,
    aet: o.aet,
    policy,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const s of sockets) s.destroy();
      }),
  };
}
