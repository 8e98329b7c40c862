import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { chmodSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Secrets we must give back to a third party (a messaging platform's app secret, its access token) are kept
 * sealed with AES-256-GCM: `v1.` + base64url(iv(12) || tag(16) || ciphertext). The key is SECRET_KEY
 * (32 bytes, base64 or hex) or, when unset, DATA_DIR/secret.key: 32 random bytes made once with mode 0600.
 * Lose the key and the sealed secrets must be entered again (docs/wechat.md).
 */
export interface SecretBox {
  seal(plain: string): string;
  /** The plain text, or null when the value was not sealed with this key (or is damaged). */
  open(sealed: string): string | null;
  /** HMAC-SHA256 (base64url) of text under a key derived for `purpose`: what one use signs, no other verifies. */
  mac(purpose: string, text: string): string;
}

export type SecretBoxOptions = { SECRET_KEY?: string | undefined; DATA_DIR: string };

const PREFIX = 'v1.';
const KEY_FILE = 'secret.key';
const boxes = new Map<string, SecretBox>();

/** Parses a 32-byte key written as 64 hex digits or base64 / base64url; throws on anything else. */
export function parseKey(text: string): Buffer {
  const s = text.trim();
  const key = /^[0-9a-fA-F]{64}$/.test(s) ? Buffer.from(s, 'hex') : Buffer.from(s, 'base64');
  if (key.length !== 32) throw new Error('SECRET_KEY must be 32 bytes, written as 64 hex digits or base64');
  return key;
}

/** Reads DATA_DIR/secret.key, creating it once (atomically, so two processes starting together agree). */
function keyFileOf(dataDir: string): Buffer {
  const path = join(dataDir, KEY_FILE);
  try {
    return parseKey(readFileSync(path, 'utf8'));
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
  mkdirSync(dataDir, { recursive: true });
  const tmp = `${path}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(tmp, randomBytes(32).toString('base64') + '\n', { mode: 0o600 });
  chmodSync(tmp, 0o600);
  try {
    linkSync(tmp, path);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  } finally {
    unlinkSync(tmp);
  }
  return parseKey(readFileSync(path, 'utf8'));
}

export function makeSecretBox(key: Buffer): SecretBox {
  const macKeys = new Map<string, Buffer>();
  const macKey = (purpose: string) => {
    let k = macKeys.get(purpose);
    if (!k) {
      k = Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), `rxpacs mac ${purpose}`, 32));
      macKeys.set(purpose, k);
    }
    return k;
  };
  return {
    mac: (purpose, text) => createHmac('sha256', macKey(purpose)).update(text).digest('base64url'),
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
    },
    open(sealed) {
      if (!sealed.startsWith(PREFIX)) return null;
      const raw = Buffer.from(sealed.slice(PREFIX.length), 'base64url');
      if (raw.length < 28) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
        decipher.setAuthTag(raw.subarray(12, 28));
        return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}

/** The process's box for this configuration (the key is read once). */
export function secretBox(env: SecretBoxOptions): SecretBox {
  const id = env.SECRET_KEY ? `env:${env.SECRET_KEY}` : `dir:${env.DATA_DIR}`;
  let box = boxes.get(id);
  if (!box) {
    box = makeSecretBox(env.SECRET_KEY ? parseKey(env.SECRET_KEY) : keyFileOf(env.DATA_DIR));
    boxes.set(id, box);
  }
  return box;
}
