import { execFileSync } from 'node:child_process';
import { constants, sign, X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { signedPayload } from '@shared/agent/payload';

/** Test keys and X.509 certificates made by the openssl CLI, with chosen validity windows. */

export interface TestCert {
  algorithm: 'RS256' | 'ES256';
  /** DER, base64: what the agent returns as `certificate`. */
  der: string;
  keyPem: string;
  notBefore: Date;
  notAfter: Date;
  /** Signs SHA-256(origin) || SHA-256(challenge) as the agent does. */
  sign(origin: string, challenge: string): Promise<string>;
  /** Signs these bytes as the agent signs a payload (RS256, or ES256 as r||s); base64. */
  signData(data: Uint8Array): string;
}

const DAY = 86_400_000;
/** openssl's GeneralizedTime form: YYYYMMDDHHMMSSZ. */
const gt = (d: Date) => d.toISOString().replace(/[-:T]/g, '').slice(0, 14) + 'Z';

export function certFactory() {
  const dir = mkdtempSync(path.join(tmpdir(), 'rx-cert-'));
  writeFileSync(path.join(dir, 'index.txt'), '');
  writeFileSync(path.join(dir, 'serial'), '1000\n');
  writeFileSync(
    path.join(dir, 'ca.cnf'),
    [
      '[ca]',
      'default_ca = d',
      '[d]',
      `dir = ${dir}`,
      `database = ${dir}/index.txt`,
      `new_certs_dir = ${dir}`,
      `serial = ${dir}/serial`,
      'default_md = sha256',
      'policy = p',
      'unique_subject = no',
      '[p]',
      'commonName = supplied',
      '',
    ].join('\n'),
  );
  let n = 0;
  const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });

  /**
   * A self-signed certificate valid from `from` to `to` (days relative to `base`, default now); `keyUsage`
   * adds that extension (openssl syntax, e.g. 'critical,keyEncipherment').
   */
  function make(kind: 'rsa' | 'ec', fromDays: number, toDays: number, base = new Date(), keyUsage?: string): TestCert {
    n += 1;
    const key = `k${n}.pem`;
    const keyArgs =
      kind === 'rsa'
        ? ['-algorithm', 'RSA', '-pkeyopt', 'rsa_keygen_bits:2048']
        : ['-algorithm', 'EC', '-pkeyopt', 'ec_paramgen_curve:P-256'];
    openssl('genpkey', ...keyArgs, '-out', key);
    openssl('req', '-new', '-key', key, '-subj', `/CN=Test Doctor ${n}`, '-out', `r${n}.csr`);
    const notBefore = new Date(Math.floor((base.getTime() + fromDays * DAY) / 1000) * 1000);
    const notAfter = new Date(Math.floor((base.getTime() + toDays * DAY) / 1000) * 1000);
    const ext: string[] = [];
    if (keyUsage) {
      writeFileSync(path.join(dir, `x${n}.cnf`), `[x]\nkeyUsage = ${keyUsage}\n`);
      ext.push('-extfile', `x${n}.cnf`, '-extensions', 'x');
    }
    openssl(
      'ca', '-batch', '-config', 'ca.cnf', '-selfsign', '-keyfile', key, '-in', `r${n}.csr`,
      '-startdate', gt(notBefore), '-enddate', gt(notAfter), '-notext', ...ext, '-out', `c${n}.pem`,
    ); // prettier-ignore
    const x509 = new X509Certificate(readFileSync(path.join(dir, `c${n}.pem`)));
    const keyPem = readFileSync(path.join(dir, key), 'utf8');
    const algorithm = kind === 'rsa' ? 'RS256' : 'ES256';
    const signData = (data: Uint8Array) =>
      sign(
        'sha256',
        data,
        kind === 'rsa'
          ? { key: keyPem, padding: constants.RSA_PKCS1_PADDING }
          : { key: keyPem, dsaEncoding: 'ieee-p1363' },
      ).toString('base64');
    return {
      algorithm,
      der: x509.raw.toString('base64'),
      keyPem,
      notBefore,
      notAfter,
      signData,
      sign: async (origin, challenge) => signData(await signedPayload(origin, challenge)),
    };
  }

  return { make, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}
