import type { Printer } from '@shared/agent/api';

export interface PrintJob {
  printer: string;
  /** The spooler's job id, when it tells one. */
  job: string | null;
}

/** The workstation's printers. `printer` undefined means the system default; unknown names are PRINTER_NOT_FOUND. */
export interface PrinterService {
  available: () => Promise<boolean>;
  list: () => Promise<Printer[]>;
  printPdf: (pdf: Buffer, printer: string | undefined, copies: number) => Promise<PrintJob>;
  /** Bytes sent to the printer untouched (ZPL for label printers). */
  printRaw: (data: Buffer, printer: string | undefined) => Promise<PrintJob>;
}

/** The named printer if it exists, else the system default; PRINTER_NOT_FOUND is the caller's to throw. */
export function pickPrinter(printers: Printer[], wanted: string | undefined): Printer | undefined {
  return wanted ? printers.find((p) => p.name === wanted) : printers.find((p) => p.default);
}
