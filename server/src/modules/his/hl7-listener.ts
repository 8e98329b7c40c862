import net from 'node:net';
import { and, eq, lt } from 'drizzle-orm';
import type { AppDeps } from '../../platform/context';
import { hl7Message, hl7Peer } from '../../platform/db/schema';
import { loggableError } from '../../platform/core/log-error';
import { normaliseAddress } from '../../platform/core/client-address';
import { addressMatches } from '../dicom';
import { buildAck, HL7_ERROR, type AckAnswer, type Answered } from './hl7-ack';
import { decodeMessage, encodeMessage, UnknownCharset } from './charset';
import { eventOf, Refusal } from './hl7-map';
import { Hl7Malformed, parseHl7, type Hl7Message } from './hl7-message';
import { frame, FrameTooLarge, MllpReader } from './mllp';
import { applyEvent } from './order-store';

/** One message may not be larger (an order is a few KiB; the cap bounds memory whatever a sender does). */
export const HL7_MAX_MESSAGE_BYTES = 1024 * 1024;
/** Connections open at once; more are refused at once. */
const MAX_CONNECTIONS = 64;
/** How long an applied message's id is kept to answer it again (a HIS resends within minutes, not months). */
export const HL7_MESSAGE_KEEP_DAYS = 90;

/** Forgets the ids of messages applied more than HL7_MESSAGE_KEEP_DAYS ago; how many. */
export async function forgetOldMessages(deps: AppDeps, now: Date): Promise<number> {
  const before = new Date(now.getTime() - HL7_MESSAGE_KEEP_DAYS * 86_400_000);
  const gone = await deps.db
    .delete(hl7Message)
    .where(lt(hl7Message.received_at, before))
    .returning({ pk: hl7Message.pk });
  return gone.length;
}

export interface Hl7Listener {
  port: number;
  close(): Promise<void>;
}

type Peer = typeof hl7Peer.$inferSelect;

/** The active interfaces whose address is the sender's (an address may serve several hospitals' HIS). */
async function peersAt(deps: AppDeps, address: string): Promise<Peer[]> {
  const rows = await deps.db.select().from(hl7Peer).where(eq(hl7Peer.status, 1));
  const out: Peer[] = [];
  for (const r of rows) if (await addressMatches(r.address, address)) out.push(r);
  return out;
}

/** Of the interfaces at the address, the one the message names by MSH-4 (else the one that names no facility). */
function peerFor(peers: Peer[], facility: string): Peer | undefined {
  return peers.find((p) => p.facility && p.facility === facility) ?? peers.find((p) => !p.facility);
}

/** MSH fields read from the raw bytes, for the answer to a message that cannot be parsed. */
function headerOf(bytes: Buffer): Answered {
  const cr = bytes.indexOf(0x0d);
  const line = bytes.subarray(0, cr < 0 ? Math.min(bytes.length, 1024) : cr).toString('latin1');
  const f = line.startsWith('MSH') ? line.split(line[3] ?? '|') : [];
  const at = (n: number) => (f[n - 1] ?? '').split(line[4] ?? '^')[0]!.slice(0, 64);
  return {
    sendingApp: at(3),
    sendingFacility: at(4),
    receivingApp: at(5),
    receivingFacility: at(6),
    trigger: (f[8] ?? '').split(line[4] ?? '^')[1]?.slice(0, 3) ?? '',
    controlId: at(10),
    processingId: at(11),
    version: at(12),
  };
}

/** One message: its answer (and the charset to write it in). Never throws. */
async function answer(deps: AppDeps, peers: Peer[], bytes: Buffer): Promise<{ ack: string; charset: string }> {
  const now = deps.now?.() ?? new Date();
  let head: Answered = headerOf(bytes);
  let charset = peers[0]?.charset ?? 'UNICODE UTF-8';
  const reply = (a: AckAnswer) => ({ ack: buildAck(head, a, charset, now), charset });
  let m: Hl7Message;
  try {
    const decoded = decodeMessage(bytes, charset);
    charset = decoded.charset;
    m = parseHl7(decoded.text);
    head = m;
  } catch (e) {
    if (e instanceof UnknownCharset)
      return reply({ code: 'AR', error: HL7_ERROR.tableValue, text: `MSH-18 character set ${e.message} is not known` });
    if (e instanceof Hl7Malformed) return reply({ code: 'AR', error: HL7_ERROR.segmentSequence, text: e.message });
    throw e;
  }
  const peer = peerFor(peers, m.sendingFacility);
  if (!peer)
    return reply({ code: 'AR', error: HL7_ERROR.unknownKey, text: 'this sender is not a registered HIS interface' });
  const type = `${m.type}^${m.trigger}`.slice(0, 16);
  const [seen] = await deps.db
    .select()
    .from(hl7Message)
    .where(and(eq(hl7Message.peer_pk, peer.pk), eq(hl7Message.control_id, m.controlId)));
  // Sent again after a lost ACK: the same answer, nothing applied twice.
  if (seen) return reply({ code: seen.ack_code as 'AA', text: seen.ack_text });
  try {
    const event = eventOf(m);
    const src = {
      source: 'hl7' as const,
      hospital_code: peer.hospital_code,
      peer_pk: peer.pk,
      who: `HIS:${peer.name}`,
      message_id: m.controlId,
      now,
    };
    await applyEvent(deps, src, event);
    await deps.db
      .insert(hl7Message)
      .values({ peer_pk: peer.pk, control_id: m.controlId, type, ack_code: 'AA', received_at: now })
      .onConflictDoNothing();
    return reply({ code: 'AA' });
  } catch (e) {
    if (!(e instanceof Refusal)) throw e;
    deps.log.info({ peer: peer.name, type, id: m.controlId, why: e.message }, 'hl7: message refused');
    return reply(e.answer);
  }
}

/** Answers one frame on its connection (the interfaces are read per message: a change applies at once). */
async function reply(deps: AppDeps, socket: net.Socket, address: string, bytes: Buffer): Promise<void> {
  let out: { ack: string; charset: string };
  try {
    out = await answer(deps, await peersAt(deps, address), bytes);
  } catch (e) {
    // Whatever failed (the database, a bug): AE 207, which the HIS sends again later; nothing was applied.
    deps.log.warn({ err: loggableError(e), address }, 'hl7: message failed');
    const now = deps.now?.() ?? new Date();
    const failed = { code: 'AE' as const, error: HL7_ERROR.internal, text: 'internal error: send it again later' };
    out = { ack: buildAck(headerOf(bytes), failed, 'UNICODE UTF-8', now), charset: '' };
  }
  if (!socket.destroyed) socket.write(frame(encodeMessage(out.ack, out.charset)));
}

/**
 * The HL7 v2 listener (MLLP over TCP, HL7_PORT): orders and patient events from registered HIS interfaces.
 * Each connection's messages are answered one at a time in order, each with its ACK in one write (a sender
 * such as python-hl7's mllp_send reads one reply of at most 4 KiB per message).
 */
export async function startHl7Listener(deps: AppDeps, o: { port: number; host: string }): Promise<Hl7Listener> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    if (sockets.size >= MAX_CONNECTIONS) return void socket.destroy();
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    socket.setKeepAlive(true, 60_000);
    const address = normaliseAddress(socket.remoteAddress ?? '');
    const reader = new MllpReader(HL7_MAX_MESSAGE_BYTES);
    let chain = Promise.resolve();
    socket.on('data', (chunk: Buffer) => {
      let frames: Buffer[];
      try {
        frames = reader.push(chunk);
      } catch (e) {
        if (!(e instanceof FrameTooLarge)) throw e;
        deps.log.warn({ address, why: e.message }, 'hl7: connection ended');
        return void socket.destroy();
      }
      for (const bytes of frames) chain = chain.then(() => reply(deps, socket, address, bytes));
    });
  });
  server.on('error', (err) => deps.log.error({ err: err.message }, 'hl7: listener error'));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(o.port, o.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const forget = () =>
    void forgetOldMessages(deps, deps.now?.() ?? new Date()).catch((e: unknown) =>
      deps.log.warn({ err: loggableError(e) }, 'hl7: old message ids not removed'),
    );
  forget();
  const daily = setInterval(forget, 86_400_000);
  daily.unref();
  deps.metrics.gauge('hl7_connections', 'HL7 (MLLP) connections open on the listener', () => sockets.size);
  const port = (server.address() as net.AddressInfo).port;
  deps.log.info({ port, host: o.host }, 'hl7: listening');
  return {
    port,
    async close() {
      clearInterval(daily);
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const s of sockets) s.destroy();
      });
    },
  };
}
