import { randomUUID } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { run } from '../../lib/run';

/**
 * Sends bytes to a Windows printer with the spooler's RAW datatype (winspool OpenPrinter / WritePrinter),
 * as label printers need for ZPL. The printer name and file come in through the environment, never
 * through the script text.
 */
const SCRIPT = `
Add-Type -TypeDefinition @'
using System; using System.Runtime.InteropServices;
public static class RxRaw {
  [StructLayout(LayoutKind.Sequential, CharSet = CharSet.Unicode)]
  public class DocInfo { public string Name; public string Output; public string DataType; }
  [DllImport("winspool.drv", CharSet = CharSet.Unicode, SetLastError = true)]
  public static extern bool OpenPrinter(string name, out IntPtr h, IntPtr defaults);
  [DllImport("winspool.drv", SetLastError = true)] public static extern bool ClosePrinter(IntPtr h);
  [DllImport("winspool.drv", CharSet = CharSet.Unicode, SetLastError = true)]
  public static extern int StartDocPrinter(IntPtr h, int level, [In] DocInfo doc);
  [DllImport("winspool.drv", SetLastError = true)] public static extern bool EndDocPrinter(IntPtr h);
  [DllImport("winspool.drv", SetLastError = true)] public static extern bool StartPagePrinter(IntPtr h);
  [DllImport("winspool.drv", SetLastError = true)] public static extern bool EndPagePrinter(IntPtr h);
  [DllImport("winspool.drv", SetLastError = true)]
  public static extern bool WritePrinter(IntPtr h, byte[] data, int count, out int written);
  public static void Send(string printer, byte[] data) {
    IntPtr h;
    if (!OpenPrinter(printer, out h, IntPtr.Zero)) throw new Exception("OpenPrinter " + Marshal.GetLastWin32Error());
    try {
      if (StartDocPrinter(h, 1, new DocInfo { Name = "rxpacs label", DataType = "RAW" }) == 0)
        throw new Exception("StartDocPrinter " + Marshal.GetLastWin32Error());
      StartPagePrinter(h);
      int written;
      bool ok = WritePrinter(h, data, data.Length, out written);
      EndPagePrinter(h); EndDocPrinter(h);
      if (!ok || written != data.Length) throw new Exception("WritePrinter " + Marshal.GetLastWin32Error());
    } finally { ClosePrinter(h); }
  }
}
'@
[RxRaw]::Send($env:RXPACS_PRINTER, [IO.File]::ReadAllBytes($env:RXPACS_RAW_FILE))
`;

export async function windowsRawPrint(printer: string, data: Buffer, exec: typeof run = run): Promise<void> {
  const file = path.join(os.tmpdir(), `rxpacs-${randomUUID()}.raw`);
  await writeFile(file, data);
  try {
    await exec('powershell.exe', ['-NoProfile', '-NonInteractive', '-Command', SCRIPT], {
      env: { ...process.env, RXPACS_PRINTER: printer, RXPACS_RAW_FILE: file },
    });
  } finally {
    await rm(file, { force: true });
  }
}
