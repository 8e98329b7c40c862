import { open } from 'node:fs/promises';

/** IMAGE_SUBSYSTEM_WINDOWS_GUI and _CUI in a PE optional header (Microsoft's PE format documentation). */
export const PE_GUI = 2;
export const PE_CONSOLE = 3;

/**
 * Marks a Windows program as a GUI one, so starting it at logon opens no console window (the agent has
 * none to show: it logs to its file). The Subsystem field sits 68 bytes into the optional header, the same
 * for PE32 and PE32+; the header starts 24 bytes after the "PE\0\0" signature, whose offset is at 0x3C.
 */
export async function setWindowsSubsystem(file: string, subsystem = PE_GUI): Promise<void> {
  const fh = await open(file, 'r+');
  try {
    const head = Buffer.alloc(0x40);
    await fh.read(head, 0, head.length, 0);
    if (head.toString('latin1', 0, 2) !== 'MZ') throw new Error(`${file}: not a Windows program (no MZ)`);
    const pe = head.readUInt32LE(0x3c);
    const sig = Buffer.alloc(4 + 20 + 2);
    await fh.read(sig, 0, sig.length, pe);
    if (sig.toString('latin1', 0, 4) !== 'PE\0\0') throw new Error(`${file}: not a Windows program (no PE)`);
    const magic = sig.readUInt16LE(24);
    if (magic !== 0x10b && magic !== 0x20b) throw new Error(`${file}: unknown optional header 0x${magic.toString(16)}`);
    const field = Buffer.alloc(2);
    field.writeUInt16LE(subsystem);
    await fh.write(field, 0, 2, pe + 24 + 68);
  } finally {
    await fh.close();
  }
}
