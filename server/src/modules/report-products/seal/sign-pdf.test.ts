import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UnsupportedPdf } from './placeholder';
import { makeInstallationSeal, sealFromStored, type PdfSeal } from './seal';
import { MAX_SIGNED_PDF_BYTES, PdfTooLarge, sealPdf } from './sign-pdf';

const run = promisify(execFile);
const dir = mkdtempSync(path.join(tmpdir(), 'rx-sign-pdf-'));
let seal: PdfSeal;
const FIELDS = {
  reason: '已审核的影像报告',
  name: '测试医院',
  location: '测试医院',
  signingTime: new Date('2026-03-04T05:06:07Z'),
};

beforeAll(async () => {
  seal = sealFromStored(await makeInstallationSeal('测试', new Date()), new Date());
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A PDF as Skia writes a long one: classic xref, the first page under an intermediate /Pages node. */
function pdfWith(objects: string[], trailerExtra = ''): Buffer {
  let out = '%PDF-1.4\n';
  const at: number[] = [];
  objects.forEach((o, i) => {
    at.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const a of at) out += `${String(a).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<</Size ${objects.length + 1}\n/Root 1 0 R${trailerExtra}>>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
const content = 'BT /F1 12 Tf 72 720 Td (Hello seal) Tj ET';
const nested = (catalogExtra = '') =>
  pdfWith([
    `<</Type /Catalog\n/Pages 2 0 R${catalogExtra}>>`,
    '<</Type /Pages\n/Count 1\n/Kids [3 0 R]>>',
    '<</Type /Pages\n/Count 1\n/Kids [4 0 R]\n/Parent 2 0 R>>',
    '<</Type /Page\n/Parent 3 0 R\n/MediaBox [0 0 612 792]\n/Resources <</Font <</F1 6 0 R>>>>\n/Contents 5 0 R>>',
    `<</Length ${content.length}>> stream\n${content}\nendstream`,
    '<</Type /Font\n/Subtype /Type1\n/BaseFont /Helvetica>>',
  ]);

async function tool(cmd: string, pdf: Buffer): Promise<string> {
  const file = path.join(dir, `${cmd}${Math.random()}.pdf`);
  writeFileSync(file, pdf);
  const r = await run(cmd, cmd === 'pdftotext' ? [file, '-'] : [file]).catch((e: { stdout?: string }) => e);
  return r.stdout ?? '';
}

describe('sealPdf', () => {
  it('signs the whole file (PAdES, pdfsig valid), the widget on the first page, the text still there', async () => {
    const signed = await sealPdf(nested(), seal, FIELDS);
    const report = await tool('pdfsig', signed);
    expect(report).toContain('Signature Type: ETSI.CAdES.detached');
    expect(report).toContain('Total document signed');
    expect(report).toContain('Signature Validation: Signature is Valid.');
    expect(report).toContain('Signing Time: Mar 04 2026');
    const text = signed.toString('latin1');
    const widget = /\/Subtype \/Widget[^>]*\/P (\d+) 0 R/.exec(text);
    expect(widget?.[1]).toBe('4');
    expect(text).toMatch(/\n4 0 obj\n<<[^]*\/Annots \[\d+ 0 R\]/);
    expect(await tool('pdftotext', signed)).toContain('Hello seal');
  });

  it('refuses what it was not written for rather than guessing: too large, an xref stream, a form already there', async () => {
    await expect(sealPdf(Buffer.alloc(MAX_SIGNED_PDF_BYTES + 1), seal, FIELDS)).rejects.toBeInstanceOf(PdfTooLarge);
    const stream = Buffer.from(
      nested()
        .toString('latin1')
        .replace(/startxref\n\d+/, 'startxref\n9'),
      'latin1',
    );
    await expect(sealPdf(stream, seal, FIELDS)).rejects.toBeInstanceOf(UnsupportedPdf);
    await expect(sealPdf(nested('\n/AcroForm <<>>'), seal, FIELDS)).rejects.toThrow(/a form/);
  });
});
