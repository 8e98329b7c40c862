import { execFile } from 'node:child_process';
import { createHash, createPublicKey, generateKeyPairSync, verify } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import yauzl from 'yauzl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extensionId, normalizeBaseUrl, publishExtension, PublishError } from './publish';

let tmp: string;
let buildDir: string;
let keyPath: string;

const pem = (type: 'rsa' | 'ec') =>
  (type === 'rsa'
    ? generateKeyPairSync('rsa', { modulusLength: 2048 })
    : generateKeyPairSync('ec', { namedCurve: 'P-256' })
  ).privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'rx-crx-'));
  buildDir = path.join(tmp, 'chrome-mv3');
  await mkdir(path.join(buildDir, 'lib'), { recursive: true });
  const manifest = { manifest_version: 3, name: 't', version: '1.2.3', minimum_chrome_version: '116' };
  await writeFile(path.join(buildDir, 'manifest.json'), JSON.stringify(manifest));
  await writeFile(path.join(buildDir, 'lib', 'background.js'), 'console.log(1)');
  keyPath = path.join(tmp, 'key.pem');
  await writeFile(keyPath, pem('rsa'));
});
afterAll(() => rm(tmp, { recursive: true, force: true }));

/** Protobuf fields of one message: number → length-delimited values (all a CRX3 header has). */
function protoFields(buf: Buffer): Map<number, Buffer[]> {
  const out = new Map<number, Buffer[]>();
  const varint = (at: number): [number, number] => {
    let v = 0;
    for (let shift = 0; ; shift += 7) {
      const b = buf[at++]!;
      v += (b & 0x7f) * 2 ** shift;
      if (b < 0x80) return [v, at];
    }
  };
  for (let at = 0; at < buf.length;) {
    const [tag, next] = varint(at);
    if ((tag & 7) !== 2) throw new Error(`unexpected wire type ${tag & 7}`);
    const [len, start] = varint(next);
    out.set(tag >>> 3, [...(out.get(tag >>> 3) ?? []), buf.subarray(start, start + len)]);
    at = start + len;
  }
  return out;
}

/** Checks a CRX3 as Chrome does: magic, version, the RSA proof over the signed header and the archive. */
function readCrx(crx: Buffer) {
  expect(crx.subarray(0, 4).toString()).toBe('Cr24');
  expect(crx.readUInt32LE(4)).toBe(3);
  const headerLen = crx.readUInt32LE(8);
  const header = protoFields(crx.subarray(12, 12 + headerLen));
  const archive = crx.subarray(12 + headerLen);
  const signedData = header.get(10000)![0]!;
  const [proof] = header.get(2)!; // sha256_with_rsa
  const { 1: publicKey, 2: signature } = Object.fromEntries(protoFields(proof!)) as Record<number, Buffer[]>;
  const size = Buffer.alloc(4);
  size.writeUInt32LE(signedData.length);
  const message = Buffer.concat([Buffer.from('CRX3 SignedData\x00'), size, signedData, archive]);
  const key = createPublicKey({ key: publicKey![0]!, format: 'der', type: 'spki' });
  return {
    valid: verify('sha256', message, key, signature![0]!),
    publicKey: publicKey![0]!,
    crxId: protoFields(signedData).get(1)![0]!,
    archive,
  };
}

const zipEntries = (zip: Buffer) =>
  new Promise<string[]>((resolve, reject) =>
    yauzl.fromBuffer(zip, { lazyEntries: false }, (err, z) => {
      if (err) return reject(err);
      const names: string[] = [];
      z.on('entry', (e: yauzl.Entry) => names.push(e.fileName));
      z.on('end', () => resolve(names.sort()));
    }),
  );

describe('publishExtension', () => {
  it('writes a signed CRX3 and the update manifest pointing at it under the platform address', async () => {
    const outDir = path.join(tmp, 'out');
    const p = await publishExtension({ buildDir, keyPath, outDir, baseUrl: 'https://pacs.example.org/rx/' });
    const spki = createPublicKey(await readFile(keyPath)).export({ type: 'spki', format: 'der' });
    const crx = await readFile(p.crxFile);
    const read = readCrx(crx);
    expect(read.valid).toBe(true);
    expect(read.publicKey).toEqual(spki);
    // The id as Chrome reads it from the signed header: SHA-256 of the key, 16 bytes, hex digits as a-p.
    expect(read.crxId).toEqual(createHash('sha256').update(spki).digest().subarray(0, 16));
    const id = [...read.crxId.toString('hex')].map((h) => String.fromCharCode(97 + parseInt(h, 16))).join('');
    expect(p.id).toBe(id);
    expect(extensionId(createPublicKey({ key: spki, format: 'der', type: 'spki' }))).toBe(id);
    expect(p.forcelistEntry).toBe(`${id};https://pacs.example.org/rx/downloads/updates.xml`);
    expect((await readdir(outDir)).sort()).toEqual(['rxpacs-bridge-1.2.3.crx', 'updates.xml']);
    expect(await zipEntries(read.archive)).toEqual(['lib/background.js', 'manifest.json']);

    const sha = createHash('sha256').update(crx).digest('hex');
    expect(await readFile(p.updatesFile, 'utf8')).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n' +
        '<gupdate xmlns="http://www.google.com/update2/response" protocol="2.0">\n' +
        `  <app appid="${id}">\n` +
        `    <updatecheck codebase="https://pacs.example.org/rx/downloads/rxpacs-bridge-1.2.3.crx" version="1.2.3" hash_sha256="${sha}" prodversionmin="116"/>\n` +
        '  </app>\n' +
        '</gupdate>\n',
    );
  });

  it('refuses a missing key without making one, a key inside the repository, a key that is not RSA', async () => {
    const opts = { buildDir, outDir: path.join(tmp, 'refused'), baseUrl: 'https://pacs.example.org' };
    const missing = path.join(tmp, 'missing.pem');
    await expect(publishExtension({ ...opts, keyPath: missing })).rejects.toThrow(/does not exist/);
    expect(existsSync(missing)).toBe(false);
    await expect(publishExtension({ ...opts, keyPath, repoDir: tmp })).rejects.toThrow(/inside the repository/);
    const ec = path.join(tmp, 'ec.pem');
    await writeFile(ec, pem('ec'));
    await expect(publishExtension({ ...opts, keyPath: ec })).rejects.toThrow(/must be RSA/);
    await writeFile(ec, 'not a key');
    await expect(publishExtension({ ...opts, keyPath: ec })).rejects.toThrow(PublishError);
    await expect(publishExtension({ ...opts, keyPath, buildDir: tmp })).rejects.toThrow(/build:extension/);
    expect(existsSync(opts.outDir)).toBe(false);
  });

  it('takes an http(s) address only, without query or credentials', () => {
    expect(normalizeBaseUrl('https://pacs.example.org')).toBe('https://pacs.example.org');
    expect(normalizeBaseUrl('http://10.0.0.5:8080/pacs//')).toBe('http://10.0.0.5:8080/pacs');
    for (const bad of ['pacs.example.org', 'ftp://pacs.example.org', 'https://u:p@pacs.example.org', 'https://a/?x=1'])
      expect(() => normalizeBaseUrl(bad), bad).toThrow(PublishError);
  });
});

describe('npm run package:extension', () => {
  const cli = path.resolve('extension/package/package-extension.ts');
  const run = (args: string[], env: Record<string, string> = {}) =>
    promisify(execFile)(process.execPath, ['--import', 'tsx', cli, ...args], { env: { ...process.env, ...env } }).then(
      (r) => ({ code: 0, ...r }),
      (e: { code: number; stdout: string; stderr: string }) => e,
    );

  it('refuses clearly without a key; with EXTENSION_KEY it publishes and prints the id', async () => {
    const none = await run(['--base-url', 'https://pacs.example.org'], { EXTENSION_KEY: '' });
    expect(none.code).toBe(1);
    expect(none.stderr).toContain('no signing key: pass --key FILE or set EXTENSION_KEY');
    const out = path.join(tmp, 'cli');
    const ok = await run(['--base-url', 'https://pacs.example.org', '--out', out, '--build', buildDir], {
      EXTENSION_KEY: keyPath,
    });
    expect(ok.code).toBe(0);
    expect(ok.stdout).toContain(`extension id ${extensionId(createPublicKey(await readFile(keyPath)))}, version 1.2.3`);
    expect(existsSync(path.join(out, 'updates.xml'))).toBe(true);
  });
});
