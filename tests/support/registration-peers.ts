import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface Sms {
  to: string;
  text: string;
}

/** The platform's SMS gateway (docs/registration.md) on 127.0.0.1: keeps what it is sent, answers `status`. */
export async function startSmsGateway() {
  const received: Sms[] = [];
  const state = { status: 200 };
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      if (req.method === 'POST' && state.status < 300) received.push(JSON.parse(body) as Sms);
      res.writeHead(state.status, { 'content-type': 'application/json' }).end('{}');
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/sms`,
    received,
    state,
    /** The 4-digit code of the last message to the number. */
    codeFor(number: string): string {
      const last = received.filter((m) => m.to === number).at(-1);
      const code = last?.text.match(/\b(\d{4})\b/)?.[1];
      if (!code) throw new Error(`no code sent to ${number}`);
      return code;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
}

const decodeWords = (s: string) =>
  s.replace(/=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi, (_, enc: string, data: string) =>
    enc.toLowerCase() === 'b'
      ? Buffer.from(data, 'base64').toString('utf8')
      : Buffer.from(
          data.replace(/_/g, ' ').replace(/=([0-9a-f]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
          'latin1',
        ).toString('utf8'),
  );

/** A single-part text message as nodemailer writes it (base64 or 7bit body, encoded-word subject). */
export function parseMail(raw: string, to: string[]): ReceivedMail {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = raw.slice(split + 4);
  const header = (name: string) => head.match(new RegExp(`^${name}:\\s*(.*)$`, 'im'))?.[1] ?? '';
  const base64 = /base64/i.test(header('Content-Transfer-Encoding'));
  return {
    to,
    subject: decodeWords(header('Subject')),
    text: base64 ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8') : body,
  };
}

/** A real SMTP server in the test process (no TLS, no auth): every message it takes, parsed. */
export async function startSmtpReceiver() {
  const mails: ReceivedMail[] = [];
  const waiting: ((m: ReceivedMail) => void)[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const mail = parseMail(
          Buffer.concat(chunks).toString('utf8'),
          session.envelope.rcptTo.map((r) => r.address),
        );
        mails.push(mail);
        waiting.splice(0).forEach((w) => w(mail));
        callback();
      });
    },
  });
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    /** The next message to arrive (or the last one to `to`, when it came already). */
    next: (timeoutMs = 10_000) =>
      new Promise<ReceivedMail>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no mail arrived')), timeoutMs);
        waiting.push((m) => {
          clearTimeout(timer);
          resolve(m);
        });
      }),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** The activation token of a mail's link (…/#/user/activate?token=…). */
export function activationToken(mail: ReceivedMail): string {
  const m = mail.text.match(/#\/user\/activate\?token=([A-Za-z0-9_%-]+)/);
  if (!m?.[1]) throw new Error(`no activation link in: ${mail.text}`);
  return decodeURIComponent(m[1]);
}
