import { randomBytes, verify, X509Certificate } from 'node:crypto';
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENT_DEFAULT_PORT } from '@shared/agent/constants';
import { signedPayload } from '@shared/agent/payload';
import { startCups, tinyPdf, type PrivateCups } from '../../tests/fixtures/cups';
import { createSoftHsm, type SoftHsm, type SoftToken } from '../../tests/fixtures/softhsm';
import { startCleanMachine, type CleanMachine } from '../../tests/support/clean-machine';
import { version } from '../src/version';
import { packageAgent } from './build';
import { DEB_PATHS } from './deb';

/**
 * The contract of the Linux package: on a clean machine without Node.js, `dpkg -i` installs the agent, the
 * desktop session's autostart entry starts it as the doctor, it answers on 127.0.0.1:17380, signs with the
 * USB key (SoftHSM2) and prints to a CUPS-PDF queue; `dpkg -r` stops and removes it with its autostart.
 */
const WEB = 'https://pacs.example.org';
const LATER_WEB = 'https://pacs2.example.org';
const DOCTOR_UID = 4242;
const AGENT = `http://127.0.0.1:${AGENT_DEFAULT_PORT}`;

let out: string;
let machine: CleanMachine;
let hsm: SoftHsm;
let token: SoftToken;
let cups: PrivateCups;
let debOnMachine: string;

async function until<T>(probe: () => Promise<T | undefined>, what: string, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out: ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function agentConfig(origins: string[]) {
  return JSON.stringify({
    allowedOrigins: origins,
    pkcs11: { module: hsm.module, pollMs: 200 },
    printers: { report: cups.pdfPrinter, label: '' },
  });
}

/** What the desktop session does at the doctor's login: runs the autostart entry's Exec as them. */
async function loginSession(): Promise<string> {
  const entry = (await machine.sh(`cat ${DEB_PATHS.autostart}`)).stdout;
  const exec = /^Exec=(.+)$/m.exec(entry)?.[1];
  if (!exec) throw new Error(`no Exec in ${entry}`);
  const session = [
    'HOME=/home/doctor USER=doctor LOGNAME=doctor',
    `XDG_RUNTIME_DIR=/run/user/${DOCTOR_UID} PATH=/usr/local/bin:/usr/bin:/bin`,
    `SOFTHSM2_CONF=${hsm.conf} CUPS_SERVER=${cups.server}`,
  ].join(' ');
  return `runuser -u doctor -- env -i ${session} ${exec}`;
}

const isRunning = async () =>
  (await machine.http(`${AGENT}/health`).catch(() => ({ status: 0, body: '' }))).status === 200;

beforeAll(async () => {
  out = await mkdtemp(path.join(os.tmpdir(), 'rx-agent-pkg-'));
  const built = await packageAgent(out, true);
  machine = await startCleanMachine();
  // The USB key's store and the print server live in the shared folder, where the machine sees them.
  const tmp = process.env.TMPDIR;
  process.env.TMPDIR = machine.shared;
  try {
    hsm = await createSoftHsm();
    token = await hsm.createToken({ label: 'DR-ZHANG', pin: '246810', id: '01' });
    cups = await startCups();
  } finally {
    if (tmp === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = tmp;
  }
  debOnMachine = path.join(machine.shared, path.basename(built.deb!));
  await copyFile(built.deb!, debOnMachine);
  await machine.sh(`useradd -m -u ${DOCTOR_UID} doctor && install -d -o doctor -m 700 /run/user/${DOCTOR_UID}`);
  await machine.sh(`chown -R ${DOCTOR_UID} ${path.dirname(hsm.conf)}/..`);
}, 240_000);

afterAll(async () => {
  await machine?.stop();
  await cups?.stop();
  await hsm?.cleanup();
  await rm(out, { recursive: true, force: true });
});

describe('the agent package on a clean machine without Node.js', () => {
  it('installs with dpkg -i, starts at the doctor login and answers /health on 127.0.0.1:17380', async () => {
    await expect(machine.sh('command -v node || command -v npm')).rejects.toThrow();
    await machine.sh(`dpkg -i ${debOnMachine}`);
    expect((await machine.sh("dpkg-query -W -f '${Status} ${Version}' rxpacs-agent")).stdout).toBe(
      `install ok installed ${version}`,
    );
    expect((await machine.sh(`${DEB_PATHS.command} --version`)).stdout.trim()).toBe(version);
    const notices = (await machine.sh('cat /opt/rxpacs-agent/THIRD-PARTY-NOTICES.txt')).stdout;
    for (const bundled of ['Node.js', 'hono', 'pkcs11js', 'zod'])
      expect(notices).toMatch(new RegExp(`^${bundled} `, 'm'));
    await machine.sh(`cat > ${DEB_PATHS.config} <<'EOF'\n${agentConfig([WEB])}\nEOF`);

    machine.start(await loginSession());
    const health = await until(async () => {
      const res = await machine.http(`${AGENT}/health`);
      return res.status === 200 ? (JSON.parse(res.body) as { data: Record<string, unknown> }) : undefined;
    }, 'the agent answering /health');
    expect(health.data).toMatchObject({ version, capabilities: { pkcs11: true, printers: true } });
    const owners = await machine.sh(
      `for p in /proc/[0-9]*; do [ "$(readlink $p/exe)" = ${DEB_PATHS.program} ] && stat -c %U $p; done; true`,
    );
    expect(owners.stdout.trim()).toBe('doctor');
  });

  it('signs a login challenge with the USB key (SoftHSM2)', async () => {
    const keys = await until(async () => {
      const res = await machine.http(`${AGENT}/keys`, { headers: { origin: WEB } });
      const list = (JSON.parse(res.body) as { data?: { certificates: { id: string }[] }[] }).data;
      return list?.length ? list : undefined;
    }, 'the token in GET /keys');
    expect(keys[0]!.certificates[0]!.id).toBe(token.id);
    const challenge = randomBytes(32).toString('base64');
    const res = await machine.http(`${AGENT}/keys/sign`, {
      method: 'POST',
      headers: { origin: WEB, 'content-type': 'application/json' },
      body: JSON.stringify({ challenge, pin: token.pin, origin: WEB, certificate_id: token.id }),
    });
    expect(res.status).toBe(200);
    const signed = (JSON.parse(res.body) as { data: { signature: string; certificate: string } }).data;
    const cert = new X509Certificate(Buffer.from(signed.certificate, 'base64'));
    const payload = await signedPayload(WEB, challenge);
    expect(verify('sha256', payload, cert.publicKey, Buffer.from(signed.signature, 'base64'))).toBe(true);
  });

  it('prints a report to the CUPS-PDF queue', async () => {
    const res = await machine.http(`${AGENT}/print`, {
      method: 'POST',
      headers: { origin: WEB, 'content-type': 'application/json' },
      body: JSON.stringify({ pdf: tinyPdf('rxpacs package test').toString('base64') }),
    });
    expect(res.status).toBe(200);
    const [pdf] = await cups.waitForPdfs(1);
    expect(pdf).toMatch(/\.pdf$/);
  });

  it('runs once per user: a second start says so and exits', async () => {
    const second = await machine.sh(`${await loginSession()}; echo "exit $?"`);
    expect(second.stdout).toMatch(/already running for this user \(pid \d+\)/);
    expect(second.stdout).toMatch(/exit 0/);
    expect(await isRunning()).toBe(true);
  });

  it('takes a changed configuration without a reinstall, and keeps the running one when the new one is bad', async () => {
    const status = async (origin: string) => (await machine.http(`${AGENT}/keys`, { headers: { origin } })).status;
    expect(await status(LATER_WEB)).toBe(403);
    await machine.sh(`cat > ${DEB_PATHS.config} <<'EOF'\n${agentConfig([WEB, LATER_WEB])}\nEOF`);
    await until(async () => ((await status(LATER_WEB)) === 200 ? true : undefined), 'the new origin allowed');
    await machine.sh(`echo '{"allowedOrigins": "everyone"}' > ${DEB_PATHS.config}`);
    const log = '/home/doctor/.local/state/rxpacs-agent/logs/agent.log';
    await until(async () => ((await machine.sh(`cat ${log}`)).stdout.includes('configuration not reloaded') ? true : undefined), 'the refusal logged'); // prettier-ignore
    expect(await status(LATER_WEB)).toBe(200);
    const logText = (await machine.sh(`cat ${log}`)).stdout;
    expect(logText).toContain('configuration reloaded');
    expect(logText).not.toContain(token.pin);
  });

  it('dpkg -r stops it and removes the program and its autostart; purge removes the configuration', async () => {
    await machine.sh('dpkg -r rxpacs-agent');
    await until(async () => ((await isRunning()) ? undefined : true), 'the agent stopped');
    const left = async (p: string) => (await machine.sh(`[ -e ${p} ] && echo yes || echo no`)).stdout.trim();
    expect(await left(DEB_PATHS.program)).toBe('no');
    expect(await left(DEB_PATHS.command)).toBe('no');
    expect(await left(DEB_PATHS.autostart)).toBe('no');
    expect(await left(DEB_PATHS.config)).toBe('yes'); // a conffile stays until purge, as Debian does
    await machine.sh('dpkg -P rxpacs-agent');
    expect(await left('/etc/rxpacs')).toBe('no');
  });
});
