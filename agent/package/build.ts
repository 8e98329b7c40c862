/**
 * `npm run package:agent`: the workstation agent as one program that needs no Node.js or npm on the
 * workstation (Node's single executable application), its native addons beside it, and on Linux a .deb.
 *
 *   npm run package:agent                      # .output/agent/
 *   npm run package:agent -- --out DIR --no-deb
 */
import { chmod, mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { version } from '../src/version';
import { bundleAgent } from './bundle';
import { buildDeb } from './deb';
import { copyNativeModules } from './natives';
import { setWindowsSubsystem } from './pe-subsystem';
import { buildExecutable } from './sea';

export interface AgentPackage {
  programDir: string;
  program: string;
  deb?: string;
}

export async function packageAgent(outDir: string, withDeb = process.platform === 'linux'): Promise<AgentPackage> {
  const exe = process.platform === 'win32' ? 'rxpacs-agent.exe' : 'rxpacs-agent';
  const programDir = path.join(outDir, `rxpacs-agent-${version}-${process.platform}-${process.arch}`);
  await rm(programDir, { recursive: true, force: true });
  await mkdir(path.join(programDir, 'lib'), { recursive: true });
  const bundle = path.join(programDir, 'lib', 'agent.js');
  await bundleAgent(bundle, path.join(programDir, 'THIRD-PARTY-NOTICES.txt'));
  const program = path.join(programDir, exe);
  await buildExecutable(bundle, program);
  await chmod(program, 0o755);
  if (process.platform === 'win32') await setWindowsSubsystem(program);
  await rm(bundle); // inside the program now
  await copyNativeModules(programDir);
  const deb = withDeb ? await buildDeb({ programDir, version, outDir }) : undefined;
  return { programDir, program, deb };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({ options: { out: { type: 'string' }, 'no-deb': { type: 'boolean' } } });
  const out = path.resolve(values.out ?? '.output/agent');
  const built = await packageAgent(out, values['no-deb'] ? false : undefined);
  console.log(`program: ${built.program}`);
  if (built.deb) console.log(`package: ${built.deb}`);
}
