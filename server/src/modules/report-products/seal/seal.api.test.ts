import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { isSecretConfig } from '@shared/config-kinds';
import { throwawayDatabase } from '../../../../../tests/support/child-server';
import { loadEnv } from '../../../platform/core/env';
import { openDatabase, type Db } from '../../../platform/db/client';
import { sysConfig } from '../../../platform/db/schema';
import { PdfSealError } from './seal';
import { checkPdfSeal, pdfSealFor, SEAL_CONFIG } from './seal-store';

/**
 * The seal the archived PDFs are signed with: the hospital's PKCS#12 from PDF_SEAL_P12 (checked at start), or the
 * installation's own, made once and kept sealed in sys_config for every process of the database.
 */
const dir = mkdtempSync(path.join(tmpdir(), 'rx-pdf-seal-'));
const PASS = 'p12-Passphrase-7Qx';
const P12 = path.join(dir, 'seal.p12');
let url: string | undefined;
let drop = async () => {};
const open = () => openDatabase({ url, dataDir: path.join(dir, 'pgdata') });

beforeAll(async () => {
  // As a hospital's IT makes one: OpenSSL's defaults (AES-256, PBKDF2, SHA-256 MAC).
  const key = path.join(dir, 'k.pem');
  const crt = path.join(dir, 'c.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      key,
      '-out',
      crt,
      '-days',
      '30',
      '-subj',
      '/CN=Test Hospital Seal/O=Test Hospital',
    ],
    { stdio: 'ignore' },
  );
  execFileSync('openssl', ['pkcs12', '-export', '-inkey', key, '-in', crt, '-out', P12, '-passout', `pass:${PASS}`], {
    stdio: 'ignore',
  });
  if (process.env.TEST_DB === 'postgres') ({ url, drop } = await throwawayDatabase(inject('pgAdminUrl')));
}, 60_000);

afterAll(async () => {
  await drop();
  rmSync(dir, { recursive: true, force: true });
});

function depsOf(db: Db, vars: Record<string, string> = {}, now?: Date) {
  const lines: string[] = [];
  const log = pino({ level: 'info' }, { write: (s: string) => void lines.push(s) });
  const env = loadEnv({ DATA_DIR: dir, SECRET_KEY: KEY, REPORT_JOBS: 'on', ...vars });
  return { deps: { db, env, log, ...(now ? { now: () => now } : {}) }, lines };
}
const KEY = randomBytes(32).toString('hex');

describe('the hospital seal (PDF_SEAL_P12)', () => {
  it('signs with the PKCS#12 when the passphrase opens it, and logs which certificate, never the secrets', async () => {
    const d = await open();
    try {
      const { deps, lines } = depsOf(d.db, { PDF_SEAL_P12: P12, PDF_SEAL_PASSPHRASE: PASS });
      await checkPdfSeal(deps);
      const seal = await pdfSealFor(deps);
      expect(seal.source).toBe('env');
      expect(seal.subject).toContain('CN=Test Hospital Seal');
      expect(lines.join('')).toContain(seal.fingerprint);
      expect(lines.join('')).not.toContain(PASS);
      expect(lines.join('')).not.toContain('PRIVATE KEY');
      // With a seal of its own the installation makes none.
      expect(await d.db.select().from(sysConfig).where(eq(sysConfig.name, SEAL_CONFIG))).toEqual([]);
    } finally {
      await d.close();
    }
  });

  it('refuses to start with a clear error naming the variable: wrong passphrase, unreadable, not a PKCS#12, expired', async () => {
    const d = await open();
    const refusal = async (vars: Record<string, string>, now?: Date) => {
      const e: unknown = await checkPdfSeal(depsOf(d.db, vars, now).deps).then(
        () => null,
        (err: unknown) => err,
      );
      expect(e).toBeInstanceOf(PdfSealError);
      const msg = (e as Error).message;
      expect(msg).not.toContain(PASS);
      expect(msg).not.toContain('wrong-one');
      return msg;
    };
    try {
      expect(await refusal({ PDF_SEAL_P12: P12, PDF_SEAL_PASSPHRASE: 'wrong-one' })).toBe(
        'PDF_SEAL_PASSPHRASE does not open PDF_SEAL_P12 (wrong passphrase)',
      );
      expect(await refusal({ PDF_SEAL_P12: path.join(dir, 'missing.p12'), PDF_SEAL_PASSPHRASE: PASS })).toMatch(
        /^PDF_SEAL_P12: cannot read .*missing\.p12 \(ENOENT\)$/,
      );
      const junk = path.join(dir, 'junk.p12');
      writeFileSync(junk, 'not a pkcs12 file');
      expect(await refusal({ PDF_SEAL_P12: junk, PDF_SEAL_PASSPHRASE: PASS })).toMatch(
        /^PDF_SEAL_P12 could not be read/,
      );
      expect(await refusal({ PDF_SEAL_PASSPHRASE: PASS })).toBe('PDF_SEAL_PASSPHRASE is set but PDF_SEAL_P12 is not');
      const later = new Date(Date.now() + 60 * 86_400_000);
      expect(await refusal({ PDF_SEAL_P12: P12, PDF_SEAL_PASSPHRASE: PASS }, later)).toMatch(
        /^PDF_SEAL_P12: the certificate expired on /,
      );
    } finally {
      await d.close();
    }
  });
});

describe("the installation's seal (no PDF_SEAL_P12)", () => {
  it('is made once, sealed in sys_config, and every process and restart of the database signs with it', async () => {
    const a = await open();
    // PostgreSQL: a second pool as another server process would have; the embedded database has one.
    const b = url ? await open() : a;
    let first: string;
    try {
      const [one, two] = await Promise.all([pdfSealFor(depsOf(a.db).deps), pdfSealFor(depsOf(b.db).deps)]);
      expect(one.source).toBe('installation');
      expect(two.fingerprint).toBe(one.fingerprint);
      first = one.fingerprint;
      expect(one.subject).toMatch(/^CN=RxPACS report archive seal [0-9a-f]{8}, O=\S.*, OU=Installation seal$/);
      expect(one.notAfter.getUTCFullYear() - one.notBefore.getUTCFullYear()).toBe(10);
      expect(one.key.asymmetricKeyDetails?.modulusLength).toBeGreaterThanOrEqual(2048);
      const rows = await a.db.select().from(sysConfig).where(eq(sysConfig.name, SEAL_CONFIG));
      expect(rows).toHaveLength(1);
      expect(rows[0]!.value).toMatch(/^v1\./);
      expect(rows[0]!.value).not.toContain('PRIVATE KEY');
      // Lists show it masked and no settings reader returns it.
      expect(isSecretConfig(SEAL_CONFIG)).toBe(true);
    } finally {
      if (b !== a) await b.close();
      await a.close();
    }
    const again = await open();
    try {
      expect((await pdfSealFor(depsOf(again.db).deps)).fingerprint).toBe(first);
    } finally {
      await again.close();
    }
  }, 60_000);

  it('after the secret key was reset (it cannot open the stored seal), a new seal replaces it once', async () => {
    const d = await open();
    try {
      const before = (await pdfSealFor(depsOf(d.db).deps)).fingerprint;
      const other = { SECRET_KEY: randomBytes(32).toString('hex') };
      const { deps, lines } = depsOf(d.db, other);
      const replaced = await pdfSealFor(deps);
      expect(replaced.fingerprint).not.toBe(before);
      expect(lines.join('')).toContain('cannot be opened with this secret key');
      expect((await pdfSealFor(depsOf(d.db, other).deps)).fingerprint).toBe(replaced.fingerprint);
    } finally {
      await d.close();
    }
  }, 60_000);
});
