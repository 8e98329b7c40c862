import { mkdir } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import type { AppDeps } from '../../platform/context';
import { acquireDataDirLock } from '../../platform/core/data-dir-lock';
import { startIndexer } from './indexer';
import { createAssociationPolicy, normaliseAddress, type AssociationPolicy } from './policy';
import { readProxyHeader } from './proxy-header';
import { ReceivedQueue } from './received-queue';
import { PlatformScp } from './scp';

export interface DicomListener {
  port: number;
  aet: string;
  policy: AssociationPolicy;
  /** Resolves once every received instance the archive can take now is indexed. */
  settled(): Promise<void>;
  /** Stops accepting, ends open associations, finishes the indexing batch under way (the rest waits in the queue for the next start). */
  close(): Promise<void>;
}

/** A load balancer sends its PROXY header at once: a connection from one that does not in this time is ended. */
const PROXY_HEADER_MS = 5_000;

/**
 * The platform's DICOM listener: one SCP (C-ECHO, C-STORE, modality worklist C-FIND, Query/Retrieve C-FIND,
 * C-MOVE and C-GET) with AE title `aet` on
 * `host:port`; each accepted socket, with Nagle off, becomes a PlatformScp (our own upper layer: scp-association.ts). close() stops accepting and ends open associations.
 */
export async function startDicomListener(
  deps: AppDeps,
  o: { port: number; host: string; aet: string; receiveLogBytes?: number },
): Promise<DicomListener> {
  const stagingDir = deps.images.stagingDir;
  await mkdir(stagingDir, { recursive: true });
  const receivedDir = path.join(stagingDir, '..', '.received');
  // The received queue (its log above all) has one writer: servers sharing a DATA_DIR cannot both listen.
  const lock = acquireDataDirLock(receivedDir);
  const queue = new ReceivedQueue(receivedDir, { logBytes: o.receiveLogBytes });
  try {
    await queue.init();
  } catch (err) {
    lock.release();
    throw err;
  }
  const indexer = startIndexer(deps, queue);
  const policy = createAssociationPolicy(deps, o.aet);
  const sockets = new Set<net.Socket>();
  const ctx = { deps, aet: o.aet, policy, stagingDir, queue, indexer };
  const proxies = deps.env.DICOM_PROXY_PROTOCOL;
  const server = net.createServer((socket) => {
    socket.setNoDelay(true);
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    const peer = normaliseAddress(socket.remoteAddress);
    if (!proxies?.trusts(peer)) return void new PlatformScp(socket, ctx);
    readProxyHeader(socket, PROXY_HEADER_MS).then(
      (address) => {
        new PlatformScp(socket, ctx, address ?? undefined);
        socket.resume();
      },
      (err: Error) => {
        deps.log.warn({ proxy: peer, why: err.message }, 'dicom: connection from a load balancer refused');
        socket.destroy();
      },
    );
  });
  server.on('error', (err) => deps.log.error({ err: err.message }, 'dicom: listener error'));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(o.port, o.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  deps.metrics.gauge('dicom_associations', 'DICOM associations open on the listener', () => sockets.size);
  const port = (server.address() as net.AddressInfo).port;
  deps.log.info({ port, host: o.host, aet: o.aet }, 'dicom: listening');
  return {
    port,
    aet: o.aet,
    policy,
    settled: () => indexer.settled(),
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const s of sockets) s.destroy();
      });
      await indexer.close();
      await queue.close();
      lock.release();
    },
  };
}
