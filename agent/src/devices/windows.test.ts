import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { RunResult } from '../lib/run';
import { windowsPrinters, type WindowsPrinterDeps } from './printers/windows';
import { windowsRawPrint } from './printers/windows-raw';
import { sapiSpeaker } from './speaker/engines';

/**
 * The Windows printer and speech code on this Linux machine, with fakes where Windows is (pdf-to-printer's
 * SumatraPDF, PowerShell). What a real Windows run must still check is listed in docs/agent-package.md.
 */
interface Call {
  command: string;
  args: string[];
  options?: { input?: Buffer | string; env?: NodeJS.ProcessEnv };
}

function fakeRun(calls: Call[], onCall?: (call: Call) => void) {
  return (command: string, args: string[], options?: Call['options']): Promise<RunResult> => {
    const call = { command, args, options };
    calls.push(call);
    onCall?.(call);
    return Promise.resolve({ stdout: '', stderr: '' });
  };
}

const printer = (deviceId: string, name: string) => ({ deviceId, name, paperSizes: ['A4'] });

function fakePdfToPrinter(failPrint = false) {
  const printed: { file: string; bytes: Buffer; options: unknown }[] = [];
  const deps: WindowsPrinterDeps = {
    pdfToPrinter: () =>
      Promise.resolve({
        getPrinters: () => Promise.resolve([printer('a', 'Report HP'), printer('b', 'Zebra ZD420')]), // prettier-ignore
        getDefaultPrinter: () => Promise.resolve(printer('a', 'Report HP')),
        print: (file: string, options?: unknown) => {
          printed.push({ file, bytes: readFileSync(file), options });
          return failPrint ? Promise.reject(new Error('SumatraPDF exited 1')) : Promise.resolve();
        },
      }),
    rawPrint: () => Promise.resolve(),
  };
  return { deps, printed };
}

describe('Windows printers (pdf-to-printer and the spooler, faked)', () => {
  it('lists the printers with the default marked', async () => {
    const { deps } = fakePdfToPrinter();
    expect(await windowsPrinters(deps).list()).toEqual([
      { name: 'Report HP', default: true, status: 'idle' },
      { name: 'Zebra ZD420', default: false, status: 'idle' },
    ]);
  });

  it('prints a PDF silently to the named or default printer and removes its temporary file', async () => {
    const { deps, printed } = fakePdfToPrinter();
    const pdf = Buffer.from('%PDF-1.4 report');
    expect(await windowsPrinters(deps).printPdf(pdf, undefined, 2)).toEqual({ printer: 'Report HP', job: null });
    expect(printed[0]!.bytes).toEqual(pdf);
    expect(printed[0]!.options).toEqual({ printer: 'Report HP', copies: 2, silent: true });
    expect(existsSync(printed[0]!.file)).toBe(false);
  });

  it('answers PRINTER_NOT_FOUND for an unknown printer and PRINT_FAILED when SumatraPDF fails', async () => {
    await expect(windowsPrinters(fakePdfToPrinter().deps).printPdf(Buffer.from('%PDF'), 'Nope', 1)).rejects.toMatchObject({ id: 'PRINTER_NOT_FOUND' }); // prettier-ignore
    const failing = fakePdfToPrinter(true);
    await expect(windowsPrinters(failing.deps).printPdf(Buffer.from('%PDF'), 'Report HP', 1)).rejects.toMatchObject({ id: 'PRINT_FAILED' }); // prettier-ignore
    expect(existsSync(failing.printed[0]!.file)).toBe(false);
  });

  it('sends label bytes RAW, the printer name and file through the environment, never the script', async () => {
    const calls: Call[] = [];
    const seen: Buffer[] = [];
    const printer = "Zebra'; Remove-Item C:\\ -Recurse; '";
    const zpl = Buffer.from('^XA^FO50,50^FDRX-0001^FS^XZ');
    await windowsRawPrint(printer, zpl, fakeRun(calls, (c) => seen.push(readFileSync(c.options!.env!.RXPACS_RAW_FILE!)))); // prettier-ignore
    expect(calls[0]!.command).toBe('powershell.exe');
    expect(calls[0]!.args.join(' ')).not.toContain('Zebra');
    expect(calls[0]!.options?.env?.RXPACS_PRINTER).toBe(printer);
    expect(seen[0]).toEqual(zpl);
    expect(existsSync(calls[0]!.options!.env!.RXPACS_RAW_FILE!)).toBe(false);
  });
});

describe('Windows speech (SAPI through PowerShell, faked)', () => {
  it('gives the text on stdin, never in the script, and maps the rate to SAPI -10..10', async () => {
    const calls: Call[] = [];
    const text = "请 张三 到 CT 室'; Stop-Computer; '";
    await sapiSpeaker(fakeRun(calls))({ text, rate: 0.6, voice: 'cmn' });
    await sapiSpeaker(fakeRun(calls))({ text: 'x', rate: 5, voice: 'cmn', outFile: 'C:\\t\\a.wav' });
    expect(calls[0]!.options?.input).toBe(text);
    expect(calls[0]!.args.join(' ')).not.toContain('Stop-Computer');
    expect(calls[0]!.args.at(-1)).toContain('$s.Rate = -4');
    expect(calls[1]!.args.at(-1)).toContain('$s.Rate = 10');
    expect(calls[1]!.options?.env?.RXPACS_SPEECH_OUT).toBe('C:\\t\\a.wav');
  });
});
