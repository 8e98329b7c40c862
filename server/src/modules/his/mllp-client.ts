import net from 'node:net';
import type { OutboundPolicy } from '../../platform/core/outbound';
import { frame, MllpReader } from './mllp';

/** Why a send ended without an answer; `sent`: the message may have reached the receiver. */
export class MllpSendError extends Error {
  constructor(
    readonly code: string,
    readonly sent: boolean,
  ) {
    super(code);
  }
}

/**
 * Sends one message over a new MLLP connection to a host the outbound policy allows, and returns the first
 * frame the receiver answers (its ACK), or throws MllpSendError: refused or unreachable before anything
 * left (`sent` false), or no answer within `timeoutMs` after sending (`sent` true).
 */
export async function sendMllp(
  policy: OutboundPolicy,
  o: { host: string; port: number; message: Buffer; timeoutMs: number },
): Promise<Buffer> {
  const [address] = await policy.resolve(o.host);
  return new Promise<Buffer>((resolve, reject) => {
    const reader = new MllpReader(1024 * 1024);
    let sent = false;
    const socket = net.connect({ host: address!, port: o.port });
    const end = (err: MllpSendError | null, ack?: Buffer) => {
      clearTimeout(timer);
      socket.destroy();
      if (err) reject(err);
      else resolve(ack!);
    };
    const timer = setTimeout(() => end(new MllpSendError('ETIMEDOUT', sent)), o.timeoutMs);
    socket.once('connect', () => {
      sent = true;
      socket.write(frame(o.message));
    });
    socket.on('data', (chunk: Buffer) => {
      try {
        const [ack] = reader.push(chunk);
        if (ack) end(null, ack);
      } catch {
        end(new MllpSendError('answer too large', true));
      }
    });
    socket.once('error', (e: NodeJS.ErrnoException) => end(new MllpSendError(e.code ?? 'error', sent)));
    socket.once('close', () => end(new MllpSendError('connection closed without an answer', sent)));
  });
}
