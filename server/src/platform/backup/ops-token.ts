import { randomBytes, timingSafeEqual } from 'node:crypto';
import { chmodSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * DATA_DIR/ops.token: a secret the running server makes at each start (0600) so that a command run on the same
 * machine by someone who can read DATA_DIR (its operator) may ask the server for a backup of the embedded
 * database it holds. Whoever can read the file can read the data anyway.
 */
export const OPS_TOKEN_FILE = 'ops.token';

export function writeOpsToken(dataDir: string): string {
  const token = randomBytes(32).toString('base64url');
  const file = path.join(dataDir, OPS_TOKEN_FILE);
  const tmp = `${file}.${process.pid}`;
  writeFileSync(tmp, token + '\n', { mode: 0o600 });
  chmodSync(tmp, 0o600);
  renameSync(tmp, file);
  return token;
}

export const readOpsToken = (dataDir: string) => readFileSync(path.join(dataDir, OPS_TOKEN_FILE), 'utf8').trim();

export function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
