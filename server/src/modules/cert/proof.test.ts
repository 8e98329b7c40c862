import { createHash } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { AppError } from '../../platform/core/errors';
import { checkValidity, parseCertificate, verifyProof } from './proof';
import { certFactory } from '../../../../tests/support/test-certs';

const certs = certFactory();
afterAll(() => certs.cleanup());

const DAY = 86_400_000;
const ORIGIN = 'https://pacs.example.org';
const CHALLENGE = Buffer.alloc(32, 7).toString('base64');
const errorOf = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    return e instanceof AppError ? e.error : String(e);
  }
  return 'no error';
};

describe('signature check', () => {
  const rsa = certs.make('rsa', -1, 90);
  const ec = certs.make('ec', -1, 90);
  const proof = async (c: typeof rsa, origin = ORIGIN) => ({
    challenge: CHALLENGE,
    signature: await c.sign(origin, CHALLENGE),
    certificate: c.der,
    algorithm: c.algorithm,
  });
  const check = async (der: string, p: Awaited<ReturnType<typeof proof>>) => {
    try {
      await verifyProof(parseCertificate(der), p, ORIGIN);
      return 'no error';
    } catch (e) {
      return e instanceof AppError ? e.error : String(e);
    }
  };

  it('accepts RS256 and ES256 signatures made with the certificate key', async () => {
    expect(await check(rsa.der, await proof(rsa))).toBe('no error');
    expect(await check(ec.der, await proof(ec))).toBe('no error');
  });

  it('refuses a signature bound to another origin', async () => {
    expect(await check(rsa.der, await proof(rsa, 'https://evil.example'))).toBe('SIGNATURE_INVALID');
    expect(await check(ec.der, await proof(ec, 'https://evil.example'))).toBe('SIGNATURE_INVALID');
  });

  it('refuses another key, a declared algorithm that does not fit the key, and garbage', async () => {
    expect(await check(ec.der, { ...(await proof(rsa)), certificate: ec.der })).toBe('SIGNATURE_INVALID');
    expect(await check(ec.der, { ...(await proof(ec)), algorithm: 'RS256' })).toBe('SIGNATURE_INVALID');
    expect(await check(rsa.der, { ...(await proof(rsa)), signature: 'AAAA' })).toBe('SIGNATURE_INVALID');
  });

  it('refuses something that is not a certificate', () => {
    expect(errorOf(() => parseCertificate(Buffer.from('not a certificate').toString('base64')))).toBe('CERT_INVALID');
  });

  it('reads the fingerprint, subject and validity', () => {
    const parsed = parseCertificate(rsa.der);
    expect(parsed.fingerprint).toBe(createHash('sha256').update(Buffer.from(rsa.der, 'base64')).digest('hex'));
    expect(parsed.subject).toMatch(/^CN=Test Doctor \d+$/);
    expect(parsed.notAfter.getTime()).toBe(rsa.notAfter.getTime());
  });
});

describe('validity', () => {
  const c = certs.make('ec', -10, 90);
  const parsed = parseCertificate(c.der);
  const at = (msBeforeEnd: number) => new Date(c.notAfter.getTime() - msBeforeEnd);

  it('refuses an expired certificate and one not valid yet', () => {
    expect(errorOf(() => checkValidity(parsed, at(-1000)))).toBe('CERT_EXPIRED');
    expect(errorOf(() => checkValidity(parsed, new Date(c.notBefore.getTime() - 1000)))).toBe('CERT_NOT_YET_VALID');
    const expired = certs.make('rsa', -100, -1);
    expect(errorOf(() => checkValidity(parseCertificate(expired.der), new Date()))).toBe('CERT_EXPIRED');
  });

  it('warns at 60 days or less, exactly 60 included, and not beyond', () => {
    expect(checkValidity(parsed, at(30 * DAY))).toEqual({ daysLeft: 30, nearExpiry: true });
    expect(checkValidity(parsed, at(60 * DAY))).toEqual({ daysLeft: 60, nearExpiry: true });
    expect(checkValidity(parsed, at(60 * DAY + 1000))).toEqual({ daysLeft: 61, nearExpiry: false });
    expect(checkValidity(parsed, at(90 * DAY))).toEqual({ daysLeft: 90, nearExpiry: false });
  });

  it('counts a certificate still valid at its last instant', () => {
    expect(checkValidity(parsed, at(0))).toEqual({ daysLeft: 0, nearExpiry: true });
  });
});
