/**
 * The packaged agent at idle on a workstation: time from start to its first /health answer, and its memory
 * (RSS) once settled, against the same agent run from source with tsx (how the README ran it before).
 * Goals of issue 36: start under 1 s, under 80 MB at idle.
 *
 *   npm run bench:agent-package                  # builds the package first (npm run package:agent)
 *   npm run bench:agent-package -- --runs 10 --idle 5
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { packageAgent } from '../agent/package/build';
import { version } from '../agent/src/version';
import { freePort } from '../tests/support/ports';
import { latencyLine, median } from './lib/harness';

const { values: args } = parseArgs({ options: { runs: { type: 'string', default: '10' }, idle: { type: 'string', default: '5' } } }); // prettier-ignore
const RUNS = Number(args.runs);
const IDLE_S = Number(args.idle);

async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1]) / 1024;
}

/** Starts `command`, returns ms until /health answers 200 and (for the last run) the settled RSS. */
async function once(command: string[], dir: string, measureIdle: boolean) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(command[0]!, command.slice(1), {
    env: { ...process.env, AGENT_CONFIG: path.join(dir, 'agent.json'), AGENT_PORT: String(port), AGENT_STATE_DIR: path.join(dir, `state-${port}`), AGENT_LOG_DIR: path.join(dir, `log-${port}`) }, // prettier-ignore
    stdio: 'ignore',
  });
  try {
    for (;;) {
      const ok = await fetch(`http://127.0.0.1:${port}/health`).then((r) => r.ok, () => false); // prettier-ignore
      if (ok) break;
      if (child.exitCode !== null) throw new Error(`${command.join(' ')} exited ${child.exitCode}`);
      await new Promise((r) => setTimeout(r, 5));
    }
    const ms = performance.now() - started;
    if (!measureIdle) return { ms };
    await new Promise((r) => setTimeout(r, IDLE_S * 1000));
    return { ms, rss: await rssMb(child.pid!) };
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
  }
}

async function measure(name: string, command: string[], dir: string) {
  const ms: number[] = [];
  let rss = NaN;
  for (let i = 0; i < RUNS; i++) {
    const r = await once(command, dir, i === RUNS - 1);
    ms.push(r.ms);
    if (r.rss !== undefined) rss = r.rss;
  }
  return { name, ms, rss };
}

async function main() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'rx-bench-agent-'));
  try {
    const out = path.join(dir, 'out');
    const built = await packageAgent(out, false);
    await writeFile(path.join(dir, 'agent.json'), JSON.stringify({ allowedOrigins: ['https://pacs.example.org'] }));
    if (!existsSync('node_modules/tsx')) throw new Error('npm ci first');
    const packaged = await measure('packaged', [built.program], dir);
    const source = await measure('from source', [process.execPath, '--import', 'tsx', 'agent/src/main.ts'], dir);
    console.log(`rxpacs-agent ${version}, ${RUNS} starts each, RSS after ${IDLE_S} s idle`);
    for (const r of [packaged, source]) console.log(`${latencyLine(`${r.name} start`, r.ms, 20)}  idle RSS ${r.rss.toFixed(1)} MB`); // prettier-ignore
    const p50 = median(packaged.ms);
    console.log(
      `packaged / from source: start p50 ${(p50 / median(source.ms)).toFixed(2)}x, RSS ${(packaged.rss / source.rss).toFixed(2)}x`,
    );
    console.log(
      `goals: start < 1000 ms: ${p50 < 1000 ? 'meets' : 'MISSES'} (p50 ${p50.toFixed(0)} ms); idle RSS < 80 MB: ${packaged.rss < 80 ? 'meets' : 'MISSES'} (${packaged.rss.toFixed(1)} MB)`,
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
