import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompressDir } from './precompress';

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function fixture(files: Record<string, string | Buffer>) {
  dir = mkdtempSync(path.join(os.tmpdir(), 'rx-precompress-'));
  for (const [name, body] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), body);
  }
}

const script = 'export const answer = () => "forty-two";\n'.repeat(100);

describe('precompressDir', () => {
  it('writes .br and .gz beside each script over 1 KB, whose content decompresses to the file', async () => {
    fixture({ 'assets/app-abc123.js': script, 'assets/app-abc123.css': `body{color:red}\n`.repeat(100) });
    await precompressDir(dir);
    for (const name of ['assets/app-abc123.js', 'assets/app-abc123.css']) {
      const file = path.join(dir, name);
      expect(brotliDecompressSync(readFileSync(`${file}.br`))).toEqual(readFileSync(file));
      expect(gunzipSync(readFileSync(`${file}.gz`))).toEqual(readFileSync(file));
    }
  });

  it('leaves small files, other kinds and copies that would not be smaller alone', async () => {
    const noise = randomBytes(4096);
    fixture({ 'index.html': '<!doctype html><title>t</title>', 'assets/logo.png': noise, 'assets/noise.js': noise });
    await precompressDir(dir);
    for (const name of ['index.html', 'assets/logo.png', 'assets/noise.js']) {
      expect(existsSync(path.join(dir, `${name}.br`)), name).toBe(false);
      expect(existsSync(path.join(dir, `${name}.gz`)), name).toBe(false);
    }
  });
});
