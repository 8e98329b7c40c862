import nodemailer, { type Transporter } from 'nodemailer';
import type { Env } from '../../platform/core/env';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}
export type SendMail = (mail: Mail) => Promise<void>;

const transports = new Map<string, Transporter>();

/** Mail over SMTP_URL with nodemailer (one pooled transport per URL); null when mail is not configured. */
export function mailerOf(env: Pick<Env, 'SMTP_URL' | 'MAIL_FROM'>): SendMail | null {
  const url = env.SMTP_URL;
  if (!url) return null;
  let transport = transports.get(url);
  if (!transport) {
    transport = nodemailer.createTransport(url);
    transports.set(url, transport);
  }
  const t = transport;
  return async ({ to, subject, text }) => {
    // base64 keeps long lines (the link) whole for any reader of the raw message.
    await t.sendMail({ from: env.MAIL_FROM, to, subject, text, textEncoding: 'base64' });
  };
}
