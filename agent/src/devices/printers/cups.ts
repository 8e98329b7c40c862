import type { Printer } from '@shared/agent/api';
import { AgentError } from '../../lib/errors';
import { run, RunError } from '../../lib/run';
import { pickPrinter, type PrinterService } from './printer-service';

const env = () => ({ ...process.env, LANG: 'C', LC_ALL: 'C' });

/** `lpstat -p` (LANG=C) lines: "printer N is idle.  enabled ...", "printer N now printing N-1.", "printer N disabled ...". */
export function parseLpstat(printers: string, defaults: string): Printer[] {
  const def = /^system default destination: (\S+)/m.exec(defaults)?.[1];
  return printers.split('\n').flatMap((line) => {
    const m = /^printer (\S+) (?:is (\w+)|now (printing)|(disabled))/.exec(line);
    if (!m?.[1]) return [];
    return [{ name: m[1], default: m[1] === def, status: m[2] ?? m[3] ?? m[4] ?? 'unknown' }];
  });
}

/** PrinterService over CUPS (Linux, macOS): lpstat to list, lp to print, everything as separate arguments. */
export function cupsPrinters(): PrinterService {
  async function list(): Promise<Printer[]> {
    const [printers, defaults] = await Promise.all([
      run('lpstat', ['-p'], { env: env() }).catch((e: RunError) => ({ stdout: '', stderr: e.stderr })),
      run('lpstat', ['-d'], { env: env() }).catch((e: RunError) => ({ stdout: '', stderr: e.stderr })),
    ]);
    return parseLpstat(printers.stdout, defaults.stdout);
  }

  async function submit(data: Buffer, wanted: string | undefined, options: string[]) {
    const printer = pickPrinter(await list(), wanted);
    if (!printer) throw new AgentError('PRINTER_NOT_FOUND', 404, null, wanted);
    try {
      const { stdout } = await run('lp', ['-d', printer.name, ...options, '--', '-'], { input: data, env: env() });
      return { printer: printer.name, job: /request id is (\S+)/.exec(stdout)?.[1] ?? null };
    } catch {
      throw new AgentError('PRINT_FAILED', 502, null, printer.name);
    }
  }

  return {
    available: () =>
      run('lpstat', ['-r'], { env: env() }).then(
        () => true,
        (e: RunError) => !e.notFound,
      ),
    list,
    printPdf: (pdf, printer, copies) => submit(pdf, printer, ['-n', String(copies), '-o', 'fit-to-page']),
    printRaw: (data, printer) => submit(data, printer, ['-o', 'raw']),
  };
}
