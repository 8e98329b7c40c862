import { SignPdf } from '@signpdf/signpdf';
import { CadesSigner } from './cades';
import { addSignaturePlaceholder } from './placeholder';
import type { PdfSeal } from './seal';

/** A report PDF is a few hundred KB; signing holds a few copies of it in memory, so anything this big is refused. */
export const MAX_SIGNED_PDF_BYTES = 16 * 1024 * 1024;

export class PdfTooLarge extends Error {
  constructor(bytes: number) {
    super(`PDF of ${bytes} bytes is over the ${MAX_SIGNED_PDF_BYTES} bytes that are signed`);
    this.name = 'PdfTooLarge';
  }
}

export interface SealFields {
  reason: string;
  /** Who signs, as a reader shows it: the hospital. */
  name: string;
  location: string;
  /** The audit's time: the signature dictionary's /M. */
  signingTime: Date;
}

/**
 * The PDF with a PAdES baseline-B signature of the seal over the whole file (SubFilter ETSI.CAdES.detached):
 * an incremental update adds the field, @signpdf/signpdf computes the byte range and embeds the CMS.
 */
export async function sealPdf(pdf: Buffer, seal: PdfSeal, fields: SealFields): Promise<Buffer> {
  if (pdf.length > MAX_SIGNED_PDF_BYTES) throw new PdfTooLarge(pdf.length);
  // Room for the certificates, one signature of up to 4096 bits and the attributes around them.
  const contentsBytes = seal.certs.reduce((n, c) => n + c.length, 0) + 2048;
  const prepared = addSignaturePlaceholder(pdf, { ...fields, contentsBytes });
  return new SignPdf().sign(prepared, new CadesSigner(seal));
}
