import { execFile } from 'node:child_process';
import { chmod, copyFile, cp, mkdir, rm, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const here = path.resolve('agent/package/linux');

/** Where the package puts things: the program folder, its configuration and the login autostart entry. */
export const DEB_PATHS = {
  program: '/opt/rxpacs-agent/rxpacs-agent',
  config: '/etc/rxpacs/agent.json',
  autostart: '/etc/xdg/autostart/rxpacs-agent.desktop',
  command: '/usr/bin/rxpacs-agent',
} as const;

const DEB_ARCH: Record<string, string> = { x64: 'amd64', arm64: 'arm64', loong64: 'loong64' };

export interface DebOptions {
  /** The built program folder: rxpacs-agent and lib/. */
  programDir: string;
  version: string;
  arch?: string;
  outDir: string;
}

function control(version: string, arch: string, installedKb: number): string {
  return `${[
    'Package: rxpacs-agent',
    `Version: ${version}`,
    'Section: misc',
    'Priority: optional',
    `Architecture: ${arch}`,
    `Installed-Size: ${installedKb}`,
    // What the Node binary inside links against; the rest are the devices' system parts, recommended.
    'Depends: libc6, libstdc++6, libgcc-s1',
    'Recommends: cups-client, espeak-ng',
    'Suggests: opensc-pkcs11, softhsm2',
    'Maintainer: rxpacs <it@rxpacs.org>',
    'Description: rxpacs workstation agent',
    ' Gives the rxpacs web app the USB key (PKCS#11), the local DICOM viewer, silent report and label',
    ' printing and spoken queue calls. Listens on 127.0.0.1:17380 only, started at each desktop login.',
  ].join('\n')}\n`;
}

/** Builds rxpacs-agent_<version>_<arch>.deb with dpkg-deb (root-owned files, no fakeroot needed). */
export async function buildDeb(options: DebOptions): Promise<string> {
  const arch = options.arch ?? DEB_ARCH[process.arch] ?? process.arch;
  const root = path.join(options.outDir, `deb-root-${arch}`);
  await rm(root, { recursive: true, force: true });
  const at = (p: string) => path.join(root, p);
  await mkdir(at('DEBIAN'), { recursive: true });
  await cp(options.programDir, at(path.dirname(DEB_PATHS.program)), { recursive: true });
  await mkdir(at(path.dirname(DEB_PATHS.command)), { recursive: true });
  await symlink(DEB_PATHS.program, at(DEB_PATHS.command));
  await mkdir(at(path.dirname(DEB_PATHS.config)), { recursive: true });
  await copyFile(path.join(here, 'agent.json'), at(DEB_PATHS.config));
  await mkdir(at(path.dirname(DEB_PATHS.autostart)), { recursive: true });
  await copyFile(path.join(here, 'rxpacs-agent.desktop'), at(DEB_PATHS.autostart));
  for (const script of ['prerm', 'postrm']) {
    await copyFile(path.join(here, script), at(`DEBIAN/${script}`));
    await chmod(at(`DEBIAN/${script}`), 0o755);
  }
  await writeFile(at('DEBIAN/conffiles'), `${DEB_PATHS.config}\n`);
  const { stdout } = await run('du', ['-sk', '--exclude=DEBIAN', root]);
  await writeFile(at('DEBIAN/control'), control(options.version, arch, Number(stdout.split('\t')[0])));
  const deb = path.join(options.outDir, `rxpacs-agent_${options.version}_${arch}.deb`);
  await run('dpkg-deb', ['--root-owner-group', '-Zxz', '--build', root, deb], { maxBuffer: 16 * 1024 * 1024 });
  await rm(root, { recursive: true, force: true });
  return deb;
}
