import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The reference deployment (deploy/) as the tests run it: its files read as they are, with only the
 * machine-specific values (ports, paths, secrets) replaced. A replacement whose text is no longer in the
 * file fails, so the test follows the reference rather than a copy of it.
 */
export const DEPLOY_DIR = path.resolve('deploy');
const read = (rel: string) => readFileSync(path.join(DEPLOY_DIR, rel), 'utf8');

export function rendered(rel: string, replacements: [from: string, to: string][]): string {
  let text = read(rel);
  for (const [from, to] of replacements) {
    if (!text.includes(from)) throw new Error(`${rel} no longer contains ${JSON.stringify(from)}`);
    text = text.split(from).join(to);
  }
  return text;
}

/** An EnvironmentFile: KEY=VALUE lines, # comments. */
export function envFile(rel: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of read(rel).split('\n')) {
    const m = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line.trim());
    if (m) out[m[1]!] = m[2]!;
  }
  return out;
}

/** The unit's ExecStart: node's arguments, run from the checkout as the unit runs them from WorkingDirectory. */
export function unitNodeArgs(rel: string): string[] {
  const unit = read(rel);
  if (!/^WorkingDirectory=\/opt\/rxpacs$/m.test(unit)) throw new Error(`${rel}: WorkingDirectory changed`);
  const exec = /^ExecStart=(\S+) (.+)$/m.exec(unit);
  if (!exec || path.basename(exec[1]!) !== 'node') throw new Error(`${rel}: ExecStart is not node`);
  return exec[2]!.split(/\s+/);
}

/** A CA and a server certificate for 127.0.0.1 and pacs.test signed by it (openssl), in `dir`. */
export function testTls(dir: string) {
  const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  openssl('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'ca.key', '-out', 'ca.crt', '-days', '2',
    '-subj', '/CN=RxPACS test CA'); // prettier-ignore
  openssl('req', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'server.key', '-out', 'server.csr',
    '-subj', '/CN=pacs.test'); // prettier-ignore
  writeFileSync(path.join(dir, 'san.ext'), 'subjectAltName=IP:127.0.0.1,DNS:pacs.test\n');
  openssl('x509', '-req', '-in', 'server.csr', '-CA', 'ca.crt', '-CAkey', 'ca.key', '-CAcreateserial',
    '-out', 'server.crt', '-days', '2', '-extfile', 'san.ext'); // prettier-ignore
  return {
    ca: readFileSync(path.join(dir, 'ca.crt')),
    cert: path.join(dir, 'server.crt'),
    key: path.join(dir, 'server.key'),
  };
}
