import { readFileSync } from 'node:fs';
import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../../../platform/context';
import { getConfigs } from '../../../platform/config';
import { secretBox, type SecretBox } from '../../../platform/core/secret-box';
import { sysConfig } from '../../../platform/db/schema';
import {
  assertCurrent,
  makeInstallationSeal,
  PdfSealError,
  sealFromP12,
  sealFromStored,
  type PdfSeal,
  type StoredSeal,
} from './seal';

/**
 * The sys_config entry holding the installation's seal, sealed with the secret key (platform/core/secret-box,
 * as the WeChat secrets). Named like a credential, so lists show it masked and no reader of settings gets it.
 */
export const SEAL_CONFIG = 'pdf_seal_key';
const SEAL_DESCRIPTION =
  "The installation's PDF seal: the private key and certificate the archived report PDFs are signed with, " +
  'sealed with SECRET_KEY; made once by the platform (PDF_SEAL_P12 takes its place when set)';

type Deps = Pick<AppDeps, 'db' | 'env' | 'log' | 'now'>;
const clock = (deps: Deps) => deps.now?.() ?? new Date();

const fromEnv = new WeakMap<Deps, PdfSeal | null>();
/** Seals opened by each key, by their stored value: a stored seal is parsed once per process. */
const opened = new WeakMap<SecretBox, Map<string, PdfSeal>>();

/** The hospital's seal of PDF_SEAL_P12, read once per app; null when unset. Throws PdfSealError. */
function envSeal(deps: Deps): PdfSeal | null {
  const cached = fromEnv.get(deps);
  if (cached !== undefined) return cached;
  const { PDF_SEAL_P12: file, PDF_SEAL_PASSPHRASE: passphrase } = deps.env;
  if (!file && passphrase) throw new PdfSealError('PDF_SEAL_PASSPHRASE is set but PDF_SEAL_P12 is not');
  let seal: PdfSeal | null = null;
  if (file) {
    let bytes: Buffer;
    try {
      bytes = readFileSync(file);
    } catch (e) {
      throw new PdfSealError(`PDF_SEAL_P12: cannot read ${file} (${(e as NodeJS.ErrnoException).code ?? 'error'})`);
    }
    seal = sealFromP12(bytes, passphrase ?? '', clock(deps));
  }
  fromEnv.set(deps, seal);
  return seal;
}

const readStored = async (deps: Deps) =>
  (await deps.db.select({ value: sysConfig.value }).from(sysConfig).where(eq(sysConfig.name, SEAL_CONFIG)))[0]?.value;

/**
 * The installation's seal, made by the first process that needs one and kept in sys_config, so that every
 * process of the database signs with the same one, across restarts. A value this server's key cannot open (the
 * key was reset, SECRET_KEY_RESET) is replaced by a new seal, once: PDFs signed before keep their own certificate.
 */
async function installationSeal(deps: Deps): Promise<PdfSeal> {
  const box = secretBox(deps.env);
  let mine = opened.get(box);
  if (!mine) opened.set(box, (mine = new Map()));
  for (let attempt = 0; attempt < 3; attempt++) {
    const stored = await readStored(deps);
    if (stored) {
      const hit = mine.get(stored);
      if (hit) return hit;
      const plain = box.open(stored);
      if (plain) {
        const seal = sealFromStored(JSON.parse(plain) as StoredSeal, clock(deps));
        mine.set(stored, seal);
        return seal;
      }
    }
    const { system_title } = await getConfigs(deps.db, ['system_title']);
    const fresh = box.seal(JSON.stringify(await makeInstallationSeal(system_title, clock(deps))));
    if (stored === undefined) {
      // Two processes starting together: one insert wins and both read it back.
      await deps.db
        .insert(sysConfig)
        .values({ name: SEAL_CONFIG, value: fresh, description: SEAL_DESCRIPTION, type: 'seal' })
        .onConflictDoNothing();
    } else {
      deps.log.warn('the installation PDF seal cannot be opened with this secret key: a new seal replaces it');
      await deps.db
        .update(sysConfig)
        .set({ value: fresh })
        .where(and(eq(sysConfig.name, SEAL_CONFIG), eq(sysConfig.value, stored)));
    }
  }
  throw new PdfSealError('the installation seal could not be stored');
}

/** The seal to sign with now: the hospital's (PDF_SEAL_P12) when set, else the installation's. */
export async function pdfSealFor(deps: Deps): Promise<PdfSeal> {
  const seal = envSeal(deps) ?? (await installationSeal(deps));
  assertCurrent(seal, clock(deps));
  return seal;
}

/**
 * At start: a PDF_SEAL_P12 that cannot be used stops the server (PdfSealError, naming the variable). A process
 * that archives (REPORT_JOBS=on) also makes sure the installation's seal exists. Logs which seal signs, never
 * the key.
 */
export async function checkPdfSeal(deps: Deps): Promise<void> {
  const env = envSeal(deps);
  if (!env && deps.env.REPORT_JOBS !== 'on') return;
  const seal = env ?? (await installationSeal(deps));
  deps.log.info(
    { source: seal.source, subject: seal.subject, notAfter: seal.notAfter.toISOString(), sha256: seal.fingerprint },
    'archived report PDFs are signed with this seal',
  );
}
