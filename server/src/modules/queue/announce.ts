import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Mp3Encoder } from '@breezystack/lamejs';

/**
 * The spoken announcement (always Chinese: the waiting room's language, like the printed report). `callNo`
 * is the number as shown, prefix included (callNoLabel: "B101"; espeak-ng says the letter, then the number).
 */
export function announcementText(callNo: string, name: string, room: string): string {
  return name ? `请 ${callNo} 号 ${name} 到 ${room} 检查` : `请 ${callNo} 号 到 ${room} 检查`;
}

const ESPEAK_TIMEOUT_MS = 15_000;

/** espeak-ng's WAV on stdout (no shell: the text is one argument, and it always starts with 请, never '-'). */
function speak(text: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn('espeak-ng', ['-v', 'cmn', '--stdout', text], { stdio: ['ignore', 'pipe', 'ignore'] });
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => child.kill('SIGKILL'), ESPEAK_TIMEOUT_MS);
    child.stdout.on('data', (c: Buffer) => chunks.push(c));
    child.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve(Buffer.concat(chunks));
      else reject(new Error(`espeak-ng exited with ${code}`));
    });
  });
}

/** 16-bit PCM of a RIFF WAVE (espeak-ng streams it with an unknown data size: the rest of the file then). */
export function readWav(buf: Buffer): { rate: number; channels: number; samples: Int16Array } {
  if (buf.toString('ascii', 0, 4) !== 'RIFF' || buf.toString('ascii', 8, 12) !== 'WAVE') throw new Error('not a WAV');
  let off = 12;
  let rate = 0;
  let channels = 1;
  while (off + 8 <= buf.length) {
    const id = buf.toString('ascii', off, off + 4);
    const size = buf.readUInt32LE(off + 4);
    const body = off + 8;
    if (id === 'fmt ') {
      channels = buf.readUInt16LE(body + 2);
      rate = buf.readUInt32LE(body + 4);
      if (buf.readUInt16LE(body + 14) !== 16) throw new Error('not 16-bit PCM');
    } else if (id === 'data') {
      const end = size && body + size <= buf.length ? body + size : buf.length;
      const bytes = buf.subarray(body, end - ((end - body) % 2));
      const samples = new Int16Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length));
      if (!rate) throw new Error('WAV without a format chunk');
      return { rate, channels, samples };
    }
    off = body + size + (size % 2);
  }
  throw new Error('WAV without data');
}

const FRAME = 1152;

export function encodeMp3(pcm: { rate: number; channels: number; samples: Int16Array }): Buffer {
  const mono = pcm.channels === 1 ? pcm.samples : pcm.samples.filter((_, i) => i % pcm.channels === 0);
  const enc = new Mp3Encoder(1, pcm.rate, 64);
  const out: Uint8Array[] = [];
  for (let i = 0; i < mono.length; i += FRAME) out.push(enc.encodeBuffer(mono.subarray(i, i + FRAME)));
  out.push(enc.flush());
  return Buffer.concat(out.map((u) => Buffer.from(u.buffer, u.byteOffset, u.byteLength)));
}

const inFlight = new Map<string, Promise<Buffer>>();

/**
 * The announcement as MP3, synthesised once per text and kept under `dir` (file name: the text's SHA-256),
 * so repeated calls and several screens cost one synthesis.
 */
export function announcementMp3(dir: string, text: string): Promise<Buffer> {
  const name = `${createHash('sha256').update(text, 'utf8').digest('hex')}.mp3`;
  const file = path.join(dir, name);
  const pending = inFlight.get(file);
  if (pending) return pending;
  const job = (async () => {
    try {
      return await readFile(file);
    } catch {
      const mp3 = encodeMp3(readWav(await speak(text)));
      await mkdir(dir, { recursive: true });
      const tmp = `${file}.${process.pid}.tmp`;
      await writeFile(tmp, mp3);
      await rename(tmp, file);
      return mp3;
    }
  })().finally(() => inFlight.delete(file));
  inFlight.set(file, job);
  return job;
}
