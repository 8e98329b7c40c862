import { createHash, createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { mkdir, readFile, realpath, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import crx3 from 'crx3';

/**
 * Self-hosting the Chrome extension: the built extension packed and signed as a CRX3 (by `crx3`), and the
 * update manifest Chrome's `ExtensionInstallForcelist` policy points at. IT copies both into the platform's
 * DOWNLOADS_DIR, which serves them at <platform>/downloads/<name>.
 */
export type PublishOptions = {
  /** The built extension (`npm run build:extension` → .output/chrome-mv3). */
  buildDir: string;
  /** The signing key (PEM, RSA). The extension id derives from it: a new key is a new extension. */
  keyPath: string;
  /** Where the .crx and updates.xml are written. */
  outDir: string;
  /** The platform's address as the workstations reach it, e.g. https://pacs.example.org. */
  baseUrl: string;
  /** The repository: a key inside it is refused (it must never be committed). */
  repoDir?: string;
};

export type Published = {
  id: string;
  version: string;
  crxFile: string;
  updatesFile: string;
  /** Where Chrome downloads the .crx (written into updates.xml). */
  codebase: string;
  /** What `ExtensionInstallForcelist` lists: `<id>;<update manifest URL>`. */
  forcelistEntry: string;
};

/** A refusal the command line prints as it is (no stack): a missing key, a bad address, no build. */
export class PublishError extends Error {}

export const UPDATES_XML = 'updates.xml';
export const crxName = (version: string) => `rxpacs-bridge-${version}.crx`;

/** Chrome's id of an extension: SHA-256 of the public key (DER SubjectPublicKeyInfo), 16 bytes, hex 0-f as a-p. */
export function extensionId(publicKey: KeyObject): string {
  const digest = createHash('sha256')
    .update(publicKey.export({ type: 'spki', format: 'der' }))
    .digest();
  return [...digest.subarray(0, 16).toString('hex')].map((h) => String.fromCharCode(97 + parseInt(h, 16))).join('');
}

const xmlAttr = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Google's update manifest (gupdate, protocol 2.0) for one extension. */
export function updateManifest(app: {
  id: string;
  version: string;
  codebase: string;
  /** Hex SHA-256 of the .crx: Chrome refuses a download that differs. */
  sha256: string;
  /** The manifest's minimum_chrome_version, if any. */
  minChrome?: string;
}): string {
  const min = app.minChrome ? ` prodversionmin="${xmlAttr(app.minChrome)}"` : '';
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<gupdate xmlns="http://www.google.com/update2/response" protocol="2.0">',
    `  <app appid="${app.id}">`,
    `    <updatecheck codebase="${xmlAttr(app.codebase)}" version="${xmlAttr(app.version)}" hash_sha256="${app.sha256}"${min}/>`,
    '  </app>',
    '</gupdate>',
    '',
  ].join('\n');
}

/** http(s)://host[:port][/path] without a trailing slash; anything else is refused. */
export function normalizeBaseUrl(raw: string): string {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    throw new PublishError(`--base-url ${JSON.stringify(raw)} is not an address (e.g. https://pacs.example.org)`);
  }
  if (!/^https?:$/.test(u.protocol) || u.username || u.password || u.search || u.hash) {
    throw new PublishError(`--base-url must be http(s)://host[:port][/path] without query or credentials: ${raw}`);
  }
  return `${u.origin}${u.pathname}`.replace(/\/+$/, '');
}

/** The private key, refused when missing (crx3 would quietly make a new one), inside the repository, or not RSA. */
export async function loadSigningKey(keyPath: string, repoDir?: string): Promise<{ key: KeyObject; file: string }> {
  const real = await realpath(keyPath).catch(() => null);
  if (!real) {
    throw new PublishError(
      `the signing key ${keyPath} does not exist. Make one once, outside the repository, and keep it safe ` +
        '(its public half is the extension id every workstation knows): ' +
        'openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048 -out /secure/place/rxpacs-extension.pem',
    );
  }
  if (repoDir) {
    const rel = path.relative(await realpath(repoDir), real);
    if (!rel.startsWith('..') && !path.isAbsolute(rel)) {
      throw new PublishError(`the signing key ${keyPath} is inside the repository: keep it elsewhere, never commit it`);
    }
  }
  let key: KeyObject;
  try {
    key = createPrivateKey(await readFile(real));
  } catch (e) {
    throw new PublishError(
      `the signing key ${keyPath} cannot be read as an unencrypted PEM private key (${String(e)})`,
    );
  }
  if (key.asymmetricKeyType !== 'rsa') {
    throw new PublishError(`the signing key must be RSA (CRX3 sha256_with_rsa), not ${key.asymmetricKeyType}`);
  }
  return { key, file: real };
}

/** version and minimum_chrome_version of the built extension. */
async function builtManifest(buildDir: string): Promise<{ version: string; minChrome?: string }> {
  const text = await readFile(path.join(buildDir, 'manifest.json'), 'utf8').catch(() => null);
  if (text === null) throw new PublishError(`${buildDir}/manifest.json is missing: run \`npm run build:extension\``);
  const m = JSON.parse(text) as { version?: unknown; minimum_chrome_version?: unknown };
  if (typeof m.version !== 'string' || !/^\d{1,9}(\.\d{1,9}){0,3}$/.test(m.version)) {
    throw new PublishError(`${buildDir}/manifest.json has no usable version: ${String(m.version)}`);
  }
  return {
    version: m.version,
    minChrome: typeof m.minimum_chrome_version === 'string' ? m.minimum_chrome_version : undefined,
  };
}

/** Writes through a temporary name, so a folder being served never offers half a file. */
async function writeInPlace(file: string, write: (tmp: string) => Promise<void>): Promise<void> {
  const tmp = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.tmp`);
  try {
    await write(tmp);
    await rename(tmp, file);
  } finally {
    await rm(tmp, { force: true });
  }
}

/** Packs and signs the built extension, then writes the update manifest pointing at it (the .crx first). */
export async function publishExtension(opts: PublishOptions): Promise<Published> {
  const baseUrl = normalizeBaseUrl(opts.baseUrl);
  const { key, file: keyFile } = await loadSigningKey(opts.keyPath, opts.repoDir);
  const id = extensionId(createPublicKey(key));
  const { version, minChrome } = await builtManifest(opts.buildDir);
  await mkdir(opts.outDir, { recursive: true });

  const crxFile = path.join(opts.outDir, crxName(version));
  await writeInPlace(crxFile, async (tmp) => {
    // crx3 resolves relative paths against $PWD rather than the working directory: absolute ones only.
    const packed = await crx3([path.resolve(opts.buildDir)], { keyPath: keyFile, crxPath: path.resolve(tmp) });
    if (packed.appId !== id) throw new Error(`crx3 derived the id ${packed.appId}, expected ${id}`);
  });
  const sha256 = createHash('sha256')
    .update(await readFile(crxFile))
    .digest('hex');
  const codebase = `${baseUrl}/downloads/${crxName(version)}`;
  const updatesFile = path.join(opts.outDir, UPDATES_XML);
  await writeInPlace(updatesFile, (tmp) =>
    writeFile(tmp, updateManifest({ id, version, codebase, sha256, minChrome })),
  );
  return { id, version, crxFile, updatesFile, codebase, forcelistEntry: `${id};${baseUrl}/downloads/${UPDATES_XML}` };
}
