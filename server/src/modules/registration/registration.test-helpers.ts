import { afterAll, beforeAll } from 'vitest';
import { call } from '../../../../tests/support/api-client';
import { activationToken, startSmsGateway, startSmtpReceiver } from '../../../../tests/support/registration-peers';
import { useTestPlatform } from '../../../../tests/support/use-test-platform';

type Peers = { sms: Awaited<ReturnType<typeof startSmsGateway>>; smtp: Awaited<ReturnType<typeof startSmtpReceiver>> };

/**
 * A demo platform whose SMS gateway and SMTP server run in the test process (their addresses reach the
 * platform's env before it starts), and the calls of a registration.
 */
export function useRegistrationPlatform() {
  const env: Record<string, string> = {};
  const peers = {} as Peers;
  beforeAll(async () => {
    peers.sms = await startSmsGateway();
    peers.smtp = await startSmtpReceiver();
    Object.assign(env, { SMS_URL: peers.sms.url, SMTP_URL: peers.smtp.url, PUBLIC_ORIGIN: 'http://rx.test' });
  });
  const t = useTestPlatform({ users: ['admin', 'hadmin'], env });
  afterAll(async () => {
    await peers.sms?.close();
    await peers.smtp?.close();
  });

  let ipSeq = 0;
  /** A caller address of its own per test: the throttle counts per address. */
  const freshIp = () => `10.15.0.${++ipSeq}`;
  const post = (path: string, json: unknown, o: { lang?: string; ip?: string; token?: string } = {}) =>
    call(t.p.app, 'POST', path, { json, ...o, lang: o.lang ?? 'en-US' });

  let seq = 0;
  /** A registration's fields, unique per call. */
  const form = (extra: Record<string, unknown> = {}) => {
    const n = ++seq;
    return {
      username: `staff${n}`,
      email: `staff${n}@example.org`,
      password: 'abc123',
      confirm: 'abc123',
      mobile: `1391234${String(n).padStart(4, '0')}`,
      prefix: '+86',
      captcha: '0000',
      ...extra,
    };
  };

  /** Asks for the code and registers with it; the answer of /user/register. */
  const registerWithCode = async (f: ReturnType<typeof form>, ip = freshIp()) => {
    const sent = await post('/user/sendRegisterCaptcha', { mobile: f.mobile, prefix: f.prefix }, { ip });
    if (sent.status !== 200) throw new Error(sent.text);
    const captcha = peers.sms.codeFor(`${f.prefix}${f.mobile}`);
    return post('/user/register', { ...f, captcha }, { ip });
  };

  /** The token of the last mail to the address. */
  const tokenMailedTo = (email: string) => {
    const mail = peers.smtp.mails.filter((m) => m.to.includes(email)).at(-1);
    if (!mail) throw new Error(`no mail to ${email}`);
    return activationToken(mail);
  };

  return { t, peers, post, form, freshIp, registerWithCode, tokenMailedTo };
}
