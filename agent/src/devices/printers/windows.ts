import { randomUUID } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { AgentError } from '../../lib/errors';
import { pickPrinter, type PrinterService } from './printer-service';
import { windowsRawPrint } from './windows-raw';

type PdfToPrinter = Pick<typeof import('pdf-to-printer'), 'getPrinters' | 'getDefaultPrinter' | 'print'>;

/** What the Windows printers are reached through; tests on Linux put fakes here. */
export interface WindowsPrinterDeps {
  pdfToPrinter: () => Promise<PdfToPrinter>;
  rawPrint: (printer: string, data: Buffer) => Promise<void>;
}

const realDeps: WindowsPrinterDeps = { pdfToPrinter: () => import('pdf-to-printer'), rawPrint: windowsRawPrint };

/**
 * PrinterService on Windows: PDFs through pdf-to-printer (SumatraPDF underneath, silent); raw label data
 * through the spooler's RAW datatype, which pdf-to-printer cannot send.
 */
export function windowsPrinters(deps: WindowsPrinterDeps = realDeps): PrinterService {
  const lib = deps.pdfToPrinter;
  async function list() {
    const { getPrinters, getDefaultPrinter } = await lib();
    const [printers, def] = await Promise.all([getPrinters(), getDefaultPrinter()]);
    return printers.map((p) => ({ name: p.name, default: p.name === def?.name, status: 'idle' }));
  }
  return {
    available: () =>
      lib().then(
        () => true,
        () => false,
      ),
    list,
    printPdf: async (pdf, wanted, copies) => {
      const printer = pickPrinter(await list(), wanted);
      if (!printer) throw new AgentError('PRINTER_NOT_FOUND', 404, null, wanted);
      const file = path.join(os.tmpdir(), `rxpacs-${randomUUID()}.pdf`);
      await writeFile(file, pdf);
      try {
        await (await lib()).print(file, { printer: printer.name, copies, silent: true });
        return { printer: printer.name, job: null };
      } catch {
        throw new AgentError('PRINT_FAILED', 502, null, printer.name);
      } finally {
        await rm(file, { force: true });
      }
    },
    printRaw: async (data, wanted) => {
      const printer = pickPrinter(await list(), wanted);
      if (!printer) throw new AgentError('PRINTER_NOT_FOUND', 404, null, wanted);
      try {
        await deps.rawPrint(printer.name, data);
        return { printer: printer.name, job: null };
      } catch {
        throw new AgentError('PRINT_FAILED', 502, null, printer.name);
      }
    },
  };
}
