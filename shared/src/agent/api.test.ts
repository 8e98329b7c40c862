import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ChallengeSchema, DicomUidSchema, PrintRequestSchema } from './api';
import { signedPayload } from './payload';

describe('ChallengeSchema', () => {
  it('accepts padded standard base64 of 32 to 96 random bytes', () => {
    for (const n of [32, 33, 48, 64, 96])
      expect(ChallengeSchema.safeParse(randomBytes(n).toString('base64')).success).toBe(true);
  });

  it('refuses short, long, unpadded, url-safe and non-base64 text', () => {
    const bad = [
      randomBytes(31).toString('base64'),
      'A'.repeat(42) + '==',
      randomBytes(97).toString('base64'),
      randomBytes(32).toString('base64').replace(/=+$/, ''),
      '-_'.repeat(22),
      'hello world, sign this arbitrary data please',
      `${randomBytes(32).toString('base64')}\n`,
    ];
    for (const text of bad) expect(ChallengeSchema.safeParse(text).success, text).toBe(false);
  });
});

describe('DicomUidSchema', () => {
  it('accepts digits and dots up to 64 characters, nothing else', () => {
    expect(DicomUidSchema.safeParse('1.2.840.10008.5.1.4.1.1.2').success).toBe(true);
    expect(DicomUidSchema.safeParse('1'.repeat(64)).success).toBe(true);
    for (const bad of ['1'.repeat(65), '1.2;ls', '.1', '1.', '1..2', '1.2 3', '']) {
      expect(DicomUidSchema.safeParse(bad).success, bad).toBe(false);
    }
  });
});

describe('PrintRequestSchema', () => {
  it('wants exactly one of pdf and url, and 1 to 99 copies', () => {
    expect(PrintRequestSchema.safeParse({ pdf: 'JVBERi0=' }).data?.copies).toBe(1);
    expect(PrintRequestSchema.safeParse({}).success).toBe(false);
    expect(PrintRequestSchema.safeParse({ pdf: 'JVBERi0=', url: 'http://a/b.pdf' }).success).toBe(false);
    expect(PrintRequestSchema.safeParse({ url: 'file:///etc/passwd' }).success).toBe(false);
    expect(PrintRequestSchema.safeParse({ pdf: 'JVBERi0=', copies: 100 }).success).toBe(false);
  });
});

describe('signedPayload', () => {
  it('is SHA-256(origin) || SHA-256(challenge)', async () => {
    const sha = (s: string) => createHash('sha256').update(s, 'utf8').digest();
    const payload = await signedPayload('https://pacs.example.org', 'Y2hhbGxlbmdl');
    expect(Buffer.from(payload).equals(Buffer.concat([sha('https://pacs.example.org'), sha('Y2hhbGxlbmdl')]))).toBe(
      true,
    );
  });
});
