import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Mp3Encoder } from '@breezystack/lamejs';
import { readWav, speak, type Pcm } from '../../platform/speech/espeak';

/**
 * The spoken announcement (always Chinese: the waiting room's language, like the printed report). `callNo`
 * is the number as shown, prefix included (callNoLabel: "B101"; espeak-ng says the letter, then the number).
 */
export function announcementText(callNo: string, name: string, room: string): string {
  return name ? `请 ${callNo} 号 ${name} 到 ${room} 检查` : `请 ${callNo} 号 到 ${room} 检查`;
}

const FRAME = 1152;

export function encodeMp3(pcm: Pcm): Buffer {
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
      const mp3 = encodeMp3(readWav(await speak(text, { voice: 'cmn' })));
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
