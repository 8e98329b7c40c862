import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PE_CONSOLE, PE_GUI, setWindowsSubsystem } from './pe-subsystem';

/** The headers of a Windows x64 console program as the linker writes them (MZ stub, PE32+ optional header). */
function consoleProgram(peOffset = 0x80): Buffer {
  const b = Buffer.alloc(0x400);
  b.write('MZ', 0, 'latin1');
  b.writeUInt32LE(peOffset, 0x3c);
  b.write('PE\0\0', peOffset, 'latin1');
  b.writeUInt16LE(0x8664, peOffset + 4); // machine: x64
  b.writeUInt16LE(0x20b, peOffset + 24); // PE32+
  b.writeUInt16LE(PE_CONSOLE, peOffset + 24 + 68);
  return b;
}

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'rx-pe-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('the Windows program opens no console window at logon', () => {
  it('sets the Subsystem field to GUI and changes no other byte', async () => {
    const file = path.join(dir, 'rxpacs-agent.exe');
    const before = consoleProgram();
    await writeFile(file, before);
    await setWindowsSubsystem(file);
    const after = await readFile(file);
    expect(after.readUInt16LE(0x80 + 24 + 68)).toBe(PE_GUI);
    const diff = [...after].flatMap((byte, i) => (byte === before[i] ? [] : [i]));
    expect(diff).toEqual([0x80 + 24 + 68]);
  });

  it('refuses a file that is not a Windows program', async () => {
    const elf = path.join(dir, 'linux-program');
    await writeFile(elf, Buffer.from('\x7fELF\x02\x01\x01', 'latin1'));
    await expect(setWindowsSubsystem(elf)).rejects.toThrow(/not a Windows program/);
    const noPe = consoleProgram();
    noPe.write('XX', 0x80, 'latin1');
    await writeFile(elf, noPe);
    await expect(setWindowsSubsystem(elf)).rejects.toThrow(/no PE/);
  });
});
