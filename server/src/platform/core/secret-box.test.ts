import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeSecretBox, parseKey, secretBox } from './secret-box';

describe('secret-box', () => {
  it('seals and opens; every seal differs; another key or a changed byte opens to null', () => {
    const box = makeSecretBox(Buffer.alloc(32, 7));
    const a = box.seal('app-secret-值');
    const b = box.seal('app-secret-值');
    expect(a).not.toBe(b);
    expect(a).not.toContain('app-secret');
    expect(box.open(a)).toBe('app-secret-值');
    expect(makeSecretBox(Buffer.alloc(32, 8)).open(a)).toBeNull();
    const last = a.at(-1) === 'A' ? 'B' : 'A';
    expect(box.open(a.slice(0, -1) + last)).toBeNull();
    expect(box.open('plain')).toBeNull();
    expect(box.open('v1.')).toBeNull();
  });

  it('takes SECRET_KEY as hex or base64 of 32 bytes and refuses other lengths', () => {
    expect(parseKey('ab'.repeat(32))).toEqual(Buffer.alloc(32, 0xab));
    expect(parseKey(Buffer.alloc(32, 1).toString('base64'))).toEqual(Buffer.alloc(32, 1));
    expect(() => parseKey('short')).toThrow(/32 bytes/);
  });

  it('without SECRET_KEY makes DATA_DIR/secret.key once, mode 0600, and keeps using it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'secret-box-'));
    const sealed = secretBox({ DATA_DIR: dir }).seal('x');
    const file = join(dir, 'secret.key');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const key = parseKey(readFileSync(file, 'utf8'));
    expect(makeSecretBox(key).open(sealed)).toBe('x');
    expect(secretBox({ DATA_DIR: dir }).open(sealed)).toBe('x');
  });
});
