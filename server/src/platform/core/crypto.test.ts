import { describe, expect, it } from 'vitest';
import { aesEncrypt } from '@shared/aes';
import { aesDecrypt, hashPassword, verifyPassword } from './crypto';

describe('password hashing', () => {
  it('verifies the right password only, with a fresh salt each time', async () => {
    const a = await hashPassword('Doctor@123');
    const b = await hashPassword('Doctor@123');
    expect(a).not.toBe(b);
    expect(await verifyPassword('Doctor@123', a)).toBe(true);
    expect(await verifyPassword('doctor@123', a)).toBe(false);
    expect(await verifyPassword('Doctor@123', 'md5$abc')).toBe(false);
  });
});

describe('use_aes', () => {
  const key = Buffer.alloc(32, 7).toString('base64');
  it('decrypts what the web app encrypts, with a random IV', () => {
    const c1 = aesEncrypt('张医生 Doctor@123', key);
    const c2 = aesEncrypt('张医生 Doctor@123', key);
    expect(c1).not.toBe(c2);
    expect(aesDecrypt(c1, key)).toBe('张医生 Doctor@123');
  });
  it('returns null for another key or garbage', () => {
    const other = Buffer.alloc(32, 8).toString('base64');
    expect(aesDecrypt(aesEncrypt('secret', key), other)).not.toBe('secret');
    expect(aesDecrypt('not base64 at all', key)).toBeNull();
    expect(aesDecrypt('', key)).toBeNull();
  });
});
