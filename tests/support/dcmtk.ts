import { spawn, spawnSync } from 'node:child_process';
import net from 'node:net';
import { mkdtemp, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { buildDicom } from './dicom-builder';

/**
 * dcmtk keeps Nagle's algorithm on unless TCP_NODELAY=1 is in its environment: then each PDU's tail waits for
 * the peer's delayed ACK (40 ms), and the sender, not the receiver, sets the pace. Every dcmtk peer we run gets it.
 */
export const DCMTK_ENV = { ...process.env, TCP_NODELAY: '1' };

/** Runs a dcmtk (or any) command without blocking the event loop (the platform may live in this process); `nagle`: without TCP_NODELAY. */
export function run(cmd: string, args: string[], o: { killAfterMs?: number; nagle?: boolean } = {}) {
  return new Promise<{ code: number | null; out: string; ms: number }>((resolve, reject) => {
    const t = performance.now();
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], env: o.nagle ? process.env : DCMTK_ENV });
    let out = '';
    child.stdout.on('data', (b: Buffer) => (out += b.toString()));
    child.stderr.on('data', (b: Buffer) => (out += b.toString()));
    child.once('error', reject);
    if (o.killAfterMs) setTimeout(() => child.kill('SIGKILL'), o.killAfterMs);
    child.once('exit', (code) => resolve({ code, out, ms: performance.now() - t }));
  });
}

/** n CT instances (512x512, 16-bit, explicit VR little endian) of one study, written to dir; their paths. */
export async function ctStudy(dir: string, n: number, o: { study: string; patientName: string; patientId: string }) {
  const files: string[] = [];
  for (let i = 1; i <= n; i++) {
    const file = path.join(dir, `CT${String(i).padStart(4, '0')}.dcm`);
    await writeFile(
      file,
      buildDicom({
        study: o.study,
        series: `${o.study}.1`,
        sop: `${o.study}.1.${i}`,
        charset: 'GB18030',
        patientName: o.patientName,
        patientId: o.patientId,
        instanceNumber: i,
      }),
    );
    files.push(file);
  }
  return files;
}

/** Resolves once something accepts connections on 127.0.0.1:port (a peer or listener just started); throws after ~30 s. */
export async function untilListening(port: number) {
  for (let i = 0; i < 600; i++) {
    const up = await new Promise<boolean>((ok) => {
      const c = net.connect(port, '127.0.0.1', () => (c.destroy(), ok(true)));
      c.once('error', () => ok(false));
    });
    if (up) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`nothing listens on port ${port}`);
}

/**
 * findscu -W (modality worklist) as modality CT_HL7 for one accession number, against the platform's DICOM
 * listener; the patient names answered (dcmdump +U8). `dir`: where the answers are written.
 */
export async function worklistNames(port: number, accession: string, dir: string): Promise<string[]> {
  const out = await mkdtemp(path.join(dir, 'wl-'));
  const r = await run('findscu', [
    ...['-W', '-aet', 'CT_HL7', '-aec', 'RXPACS', '-X', '-od', out, '127.0.0.1', String(port)],
    ...['-k', 'SpecificCharacterSet=ISO_IR 192', '-k', `AccessionNumber=${accession}`],
    ...['-k', 'PatientName', '-k', 'PatientID', '-k', 'ScheduledProcedureStepSequence[0].Modality'],
  ]);
  if (r.code !== 0) throw new Error(`findscu: ${r.out}`);
  return (await readdir(out)).map((f) => {
    const dump = spawnSync('dcmdump', ['+U8', path.join(out, f)], { encoding: 'utf8' }).stdout;
    return /\(0010,0010\) PN \[([^\]]*)\]/.exec(dump)?.[1] ?? '';
  });
}
