import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CAPTCHA_ALPHABET } from '@shared/constants';
import { captcha, sysConfig } from '../../platform/db/schema';
import { call } from '../../../../tests/support/api-client';
import { useTestPlatform } from '../../../../tests/support/use-test-platform';
import { CAPTCHA_AUDIO_LIMIT } from './routes';

const t = useTestPlatform();

async function issue(key: string): Promise<string> {
  expect((await call(t.p.app, 'GET', `/tool/captcha?t=${key}&captcha_type=0`)).status).toBe(200);
  const [row] = await t.p.deps.db.select().from(captcha).where(eq(captcha.key, key));
  return row!.code;
}

/** The audio route as a browser's <audio> calls it, from its own address (each test its own rate window). */
const listen = async (key: string, ip: string, lang?: string) => {
  const r = await t.p.app.request(
    `/tool/captchaAudio?t=${key}${lang ? `&lang=${lang}` : ''}`,
    {},
    { incoming: { socket: { remoteAddress: ip } } },
  );
  return { status: r.status, headers: r.headers, body: Buffer.from(await r.arrayBuffer()) };
};

/** Header fields of a PCM WAV with its sizes filled in, and its length in seconds. */
function wavInfo(b: Buffer) {
  expect(b.toString('ascii', 0, 4)).toBe('RIFF');
  expect(b.toString('ascii', 8, 16)).toBe('WAVEfmt ');
  expect(b.readUInt32LE(4)).toBe(b.length - 8);
  expect(b.toString('ascii', 36, 40)).toBe('data');
  const [format, channels, rate, bits, size] = [
    b.readUInt16LE(20),
    b.readUInt16LE(22),
    b.readUInt32LE(24),
    b.readUInt16LE(34),
    b.readUInt32LE(40),
  ];
  expect(size).toBe(b.length - 44);
  return { format, channels, rate, bits, seconds: size / (rate * channels * (bits / 8)) };
}

describe('GET /tool/captchaAudio', () => {
  it('speaks the captcha of the key as a WAV, slowly, in the asked language', async () => {
    const code = await issue('audio-key-1');
    expect(code).toMatch(new RegExp(`^[${CAPTCHA_ALPHABET}]{4}$`));
    const en = await listen('audio-key-1', '203.0.113.1', 'en-US');
    expect(en.status).toBe(200);
    expect(en.headers.get('content-type')).toBe('audio/wav');
    expect(en.headers.get('cache-control')).toBe('no-store');
    const info = wavInfo(en.body);
    expect(info).toMatchObject({ format: 1, channels: 1, bits: 16 });
    // 4 characters one by one with pauses: a few seconds, not a blip and not a minute.
    expect(info.seconds).toBeGreaterThan(2);
    expect(info.seconds).toBeLessThan(12);
    const zh = await listen('audio-key-1', '203.0.113.1', 'zh-CN');
    expect(zh.status).toBe(200);
    expect(wavInfo(zh.body).seconds).toBeGreaterThan(2);
    expect(zh.body.equals(en.body)).toBe(false);
    // Listening is not answering: the captcha is still there, and the answer is in no header.
    const [row] = await t.p.deps.db.select().from(captcha).where(eq(captcha.key, 'audio-key-1'));
    expect(row?.code).toBe(code);
    expect(JSON.stringify([...en.headers])).not.toContain(code);
  }, 30_000);

  it('refuses a key without a captcha, and one already used by a sign-in', async () => {
    expect((await listen('no-such-captcha', '203.0.113.2')).status).toBe(404);
    await t.p.deps.db.update(sysConfig).set({ value: 'Y' }).where(eq(sysConfig.name, 'use_captcha'));
    try {
      const code = await issue('audio-key-2');
      const r = await call(t.p.app, 'POST', '/user/login', {
        form: {
          username: 'doctor',
          password: 'Wrong@123',
          logon_type: 'PC',
          captchaKey: 'audio-key-2',
          inputCode: code,
        },
      });
      expect(r.body.error).toBe('BAD_CREDENTIALS');
      expect((await listen('audio-key-2', '203.0.113.2')).status).toBe(404);
    } finally {
      await t.p.deps.db.update(sysConfig).set({ value: 'N' }).where(eq(sysConfig.name, 'use_captcha'));
    }
  });

  it('checks the answer case-insensitively (drawn in capitals, typed in either case)', async () => {
    await t.p.deps.db.update(sysConfig).set({ value: 'Y' }).where(eq(sysConfig.name, 'use_captcha'));
    try {
      const code = await issue('audio-key-3');
      const r = await call(t.p.app, 'POST', '/user/login', {
        form: {
          username: 'doctor',
          password: 'Doctor@123',
          logon_type: 'PC',
          captchaKey: 'audio-key-3',
          inputCode: ` ${code.toLowerCase()} `,
        },
      });
      expect(r.status).toBe(200);
    } finally {
      await t.p.deps.db.update(sysConfig).set({ value: 'N' }).where(eq(sysConfig.name, 'use_captcha'));
    }
  });

  it(`plays at most ${CAPTCHA_AUDIO_LIMIT.calls} times a minute per address (429 with Retry-After)`, async () => {
    for (let i = 0; i < CAPTCHA_AUDIO_LIMIT.calls; i++)
      expect((await listen('no-such-key-x', '203.0.113.3')).status).toBe(404);
    const over = await listen('no-such-key-x', '203.0.113.3');
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await listen('no-such-key-x', '203.0.113.4')).status).toBe(404);
  });
});
