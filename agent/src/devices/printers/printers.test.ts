import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Printer, PrintResult } from '@shared/agent/api';
import { startTestAgent, type TestAgent } from '../../../../tests/fixtures/agent';
import { startCups, tinyPdf, type PrivateCups } from '../../../../tests/fixtures/cups';
import { parseLpstat } from './cups';

let cups: PrivateCups;
let agent: TestAgent;
let pdfServer: Server;
let pdfOrigin: string;

beforeAll(async () => {
  cups = await startCups();
  pdfServer = createServer((req, res) => {
    if (req.url === '/report.pdf') res.writeHead(200, { 'content-type': 'application/pdf' }).end(tinyPdf('from url'));
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => pdfServer.listen(0, '127.0.0.1', resolve));
  pdfOrigin = `http://127.0.0.1:${(pdfServer.address() as AddressInfo).port}`;
  agent = await startTestAgent({
    cupsServer: cups.server,
    config: {
      allowedOrigins: ['http://localhost:8080', pdfOrigin],
      pkcs11: { module: '' },
      printers: { report: cups.pdfPrinter, label: cups.labelPrinter },
    },
  });
});
afterAll(async () => {
  await agent?.stop();
  await new Promise((r) => pdfServer?.close(r));
  await cups?.stop();
});

describe('GET /printers', () => {
  it('lists the CUPS queues with the default marked', async () => {
    await cups.setDefault(cups.pdfPrinter);
    const res = await agent.call('/printers');
    const printers = res.body.data as Printer[];
    expect(printers).toContainEqual({ name: cups.pdfPrinter, default: true, status: 'idle' });
    expect(printers).toContainEqual({ name: cups.labelPrinter, default: false, status: 'idle' });
  });

  it('reads lpstat output, including disabled queues', () => {
    const list = parseLpstat(
      'printer A is idle.  enabled since x\nprinter B disabled since y -\n\treason\nprinter C now printing C-1.\n',
      'system default destination: B\n',
    );
    expect(list).toEqual([
      { name: 'A', default: false, status: 'idle' },
      { name: 'B', default: true, status: 'disabled' },
      { name: 'C', default: false, status: 'printing' },
    ]);
  });
});

describe('POST /print', () => {
  it('prints a base64 PDF silently to the report printer', async () => {
    const res = await agent.call('/print', { body: { pdf: tinyPdf('hello').toString('base64'), copies: 2 } });
    expect(res.status).toBe(200);
    expect((res.body.data as PrintResult).printer).toBe(cups.pdfPrinter);
    const [file] = await cups.waitForPdfs(1);
    expect((await readFile(file!)).subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('prints a PDF fetched from an allowed origin, never from another', async () => {
    const res = await agent.call('/print', { body: { url: `${pdfOrigin}/report.pdf`, printer: cups.pdfPrinter } });
    expect(res.status).toBe(200);
    await cups.waitForPdfs(2);
    const foreign = await agent.call('/print', { body: { url: 'http://127.0.0.2:9/report.pdf' } });
    expect(foreign.status).toBe(403);
    expect(foreign.body.error).toBe('ORIGIN_NOT_ALLOWED');
    const missing = await agent.call('/print', { body: { url: `${pdfOrigin}/nothing.pdf` } });
    expect(missing.body.error).toBe('PRINT_FAILED');
  });

  it('refuses what is not a PDF, a bad copy count and an unknown printer', async () => {
    const notPdf = await agent.call('/print', { body: { pdf: Buffer.from('hello').toString('base64') } });
    expect(notPdf.body.error).toBe('VALIDATION');
    const copies = await agent.call('/print', { body: { pdf: tinyPdf().toString('base64'), copies: 100 } });
    expect(copies.body.error).toBe('VALIDATION');
    const both = await agent.call('/print', { body: {} });
    expect(both.body.error).toBe('VALIDATION');
    const unknown = await agent.call('/print', {
      body: { pdf: tinyPdf().toString('base64'), printer: 'NoSuchPrinter' },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ error: 'PRINTER_NOT_FOUND', msg: 'Printer not found: NoSuchPrinter' });
  });
});

describe('POST /print/raw', () => {
  it('sends ZPL untouched to the label printer', async () => {
    const zpl = '^XA^CI28^FO50,50^A0N,40,40^FD张三 P001^FS^BY2^FO50,120^BCN,80,Y,N,N^FD123456^FS^XZ';
    const res = await agent.call('/print/raw', { body: { data: zpl } });
    expect(res.status).toBe(200);
    expect((res.body.data as PrintResult).printer).toBe(cups.labelPrinter);
    const bytes = await cups.waitForLabelBytes(Buffer.byteLength(zpl));
    expect(bytes.toString('utf8')).toBe(zpl);
  });

  it('accepts base64 data and refuses an unknown printer', async () => {
    const unknown = await agent.call('/print/raw', { body: { data: '^XA^XZ', printer: 'Ghost' } });
    expect(unknown.body.error).toBe('PRINTER_NOT_FOUND');
    const bad = await agent.call('/print/raw', { body: { data: '^XA^XZ', encoding: 'hex' } });
    expect(bad.body.error).toBe('VALIDATION');
  });
});
