import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { throwawayDatabase } from '../../../../tests/support/child-server';
import { makeSecretBox } from '../core/secret-box';
import { openDatabase } from './client';
import { checkSecretKey, SecretKeyMismatchError } from './installation';
import { installation } from './schema';

/**
 * Every server of one database must hold the same secret key: the first start seals a check with its key,
 * a later start with another key is refused before it serves (embedded database or PostgreSQL).
 */
let dataDir = '';
let url: string | undefined;
let drop = async () => {};

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'rxpacs-keycheck-'));
  if (process.env.TEST_DB === 'postgres') ({ url, drop } = await throwawayDatabase(inject('pgAdminUrl')));
}, 60_000);

afterAll(async () => {
  await drop();
  rmSync(dataDir, { recursive: true, force: true });
});

const open = (key: Buffer) =>
  openDatabase({ url, dataDir: path.join(dataDir, 'pgdata'), prepare: (db) => checkSecretKey(db, makeSecretBox(key)) });

describe('the installation secret key check', () => {
  it('lets the same key start again and refuses another, changing nothing', async () => {
    const first = randomBytes(32);
    const d = await open(first);
    const [written] = await d.db.select().from(installation);
    await d.close();
    expect(written?.key_check).toMatch(/^v1\./);

    const again = await open(first);
    await again.close();

    await expect(open(randomBytes(32))).rejects.toBeInstanceOf(SecretKeyMismatchError);
    const after = await open(first);
    expect(await after.db.select().from(installation)).toEqual([written]);
    await after.close();
  }, 60_000);

  it('after a lost key, one start with the reset takes the new key; the old one is then refused', async () => {
    const lost = randomBytes(32);
    const replacement = randomBytes(32);
    const resets: number[] = [];
    const reset = await openDatabase({
      url,
      dataDir: path.join(dataDir, 'pgdata'),
      prepare: (db) => checkSecretKey(db, makeSecretBox(replacement), { reset: true, onReset: () => resets.push(1) }),
    });
    await reset.close();
    expect(resets).toEqual([1]);
    await (await open(replacement)).close();
    await expect(open(lost)).rejects.toBeInstanceOf(SecretKeyMismatchError);
  }, 60_000);
});
