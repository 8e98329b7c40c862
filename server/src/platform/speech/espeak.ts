import { spawn } from 'node:child_process';

const ESPEAK_TIMEOUT_MS = 15_000;

export type SpeakOptions = {
  /** espeak-ng voice: `cmn` (Mandarin), `en`. */
  voice: string;
  /** Words per minute (espeak-ng's default is 175). */
  speed?: number;
  /** Extra pause between words, in units of 10 ms. */
  wordGap?: number;
};

/**
 * espeak-ng's WAV on stdout. No shell: the text is one argument; callers pass text that never starts with '-'.
 * The text is never logged (it may be a captcha's answer).
 */
export function speak(text: string, o: SpeakOptions): Promise<Buffer> {
  const args = ['-v', o.voice, '--stdout'];
  if (o.speed) args.push('-s', String(o.speed));
  if (o.wordGap) args.push('-g', String(o.wordGap));
  return new Promise((resolve, reject) => {
    const child = spawn('espeak-ng', [...args, text], { stdio: ['ignore', 'pipe', 'ignore'] });
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

export type Pcm = { rate: number; channels: number; samples: Int16Array };

/** 16-bit PCM of a RIFF WAVE (espeak-ng streams it with an unknown data size: the rest of the file then). */
export function readWav(buf: Buffer): Pcm {
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

/** A RIFF WAVE with its sizes filled in (browsers then know the duration before the end). */
export function writeWav(pcm: Pcm): Buffer {
  const data = Buffer.from(pcm.samples.buffer, pcm.samples.byteOffset, pcm.samples.byteLength);
  const head = Buffer.alloc(44);
  head.write('RIFF', 0, 'ascii');
  head.writeUInt32LE(36 + data.length, 4);
  head.write('WAVEfmt ', 8, 'ascii');
  head.writeUInt32LE(16, 16);
  head.writeUInt16LE(1, 20); // PCM
  head.writeUInt16LE(pcm.channels, 22);
  head.writeUInt32LE(pcm.rate, 24);
  head.writeUInt32LE(pcm.rate * pcm.channels * 2, 28);
  head.writeUInt16LE(pcm.channels * 2, 32);
  head.writeUInt16LE(16, 34);
  head.write('data', 36, 'ascii');
  head.writeUInt32LE(data.length, 40);
  return Buffer.concat([head, data]);
}
