import { randomBytes, timingSafeEqual } from 'node:crypto';
import { sha256Hex } from '../../platform/core/crypto';

/** A new client id: public, stable for the app's life. */
export const newClientId = () => `rx_${randomBytes(18).toString('base64url')}`;
/** A new client secret: 256 random bits, shown once, kept as its SHA-256 (high entropy: no KDF needed). */
export const newClientSecret = () => randomBytes(32).toString('base64url');

/** Constant-time comparison of a presented secret (or code, token) with a stored SHA-256. */
export function matchesHash(presented: string, storedHex: string): boolean {
  const a = Buffer.from(sha256Hex(presented), 'hex');
  const b = Buffer.from(storedHex, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}
