/**
 * Adds an invisible signature field to a PDF as an incremental update (ISO 32000-1 7.5.6, 12.8): the signature
 * dictionary with a /ByteRange and /Contents placeholder that @signpdf/signpdf then fills, a widget on the first
 * page, the AcroForm, and the catalog and page written again. The original bytes stay untouched in front.
 *
 * Written for the PDFs our Chromium makes (Skia: a classic cross-reference table, no encryption, no forms);
 * anything else is refused rather than guessed at. @signpdf/placeholder-plain was not used: it puts the widget on
 * the first kid of the page tree, which in Skia's PDFs of more than 8 pages is a /Pages node, not a page.
 */

export class UnsupportedPdf extends Error {
  constructor(what: string) {
    super(`PDF not supported for signing: ${what}`);
    this.name = 'UnsupportedPdf';
  }
}

export interface SignatureFields {
  reason: string;
  /** The signer as a reader shows it (the hospital). */
  name: string;
  location: string;
  signingTime: Date;
  /** Room for the CMS signature, in bytes (the placeholder holds twice as many hex digits). */
  contentsBytes: number;
}

type Ref = { num: number; gen: number };

const refOf = (m: RegExpMatchArray | null, what: string): Ref => {
  if (!m?.[1] || !m[2]) throw new UnsupportedPdf(what);
  return { num: Number(m[1]), gen: Number(m[2]) };
};
const R = (r: Ref) => `${r.num} ${r.gen} R`;

/** A text string: UTF-16BE with its byte-order mark, written in hex (no escaping, any script). */
const pdfText = (s: string) => `<feff${Buffer.from(s, 'utf16le').swap16().toString('hex')}>`;

const pad = (n: number, w = 2) => String(n).padStart(w, '0');
const pdfDate = (d: Date) =>
  `(D:${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}` +
  `${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}Z)`;

/** The byte offsets of the objects, from the last cross-reference table back through /Prev. */
function readXref(text: string, at: number): { offsets: Map<number, number>; trailer: string } {
  const offsets = new Map<number, number>();
  let trailer = '';
  for (let hops = 0; hops < 32; hops++) {
    if (!text.startsWith('xref', at)) throw new UnsupportedPdf('a cross-reference stream');
    const end = text.indexOf('trailer', at);
    const startxref = text.indexOf('startxref', end);
    if (end < 0 || startxref < 0) throw new UnsupportedPdf('no trailer');
    const lines = text
      .slice(at + 4, end)
      .trim()
      .split(/\r\n|\r|\n/);
    for (let i = 0; i < lines.length;) {
      const [first, count] = (lines[i++] ?? '').trim().split(/\s+/).map(Number);
      if (first === undefined || count === undefined || Number.isNaN(first + count)) throw new UnsupportedPdf('xref');
      for (let k = 0; k < count; k++) {
        const m = /^(\d{10}) (\d{5}) ([nf])/.exec((lines[i++] ?? '').trim());
        if (!m) throw new UnsupportedPdf('xref entry');
        if (m[3] === 'n' && !offsets.has(first + k)) offsets.set(first + k, Number(m[1]));
      }
    }
    const dict = text.slice(end, startxref);
    trailer ||= dict;
    const prev = /\/Prev\s+(\d+)/.exec(dict);
    if (!prev) return { offsets, trailer };
    at = Number(prev[1]);
  }
  throw new UnsupportedPdf('too many updates');
}

export function addSignaturePlaceholder(pdf: Buffer, f: SignatureFields): Buffer {
  const text = pdf.toString('latin1').replace(/\s+$/, '');
  if (!text.endsWith('%%EOF')) throw new UnsupportedPdf('no %%EOF at the end');
  const startxref = Number(/startxref\s+(\d+)\s*%%EOF$/.exec(text)?.[1] ?? NaN);
  if (!Number.isInteger(startxref)) throw new UnsupportedPdf('no startxref');
  const { offsets, trailer } = readXref(text, startxref);
  if (/\/Encrypt\b/.test(trailer)) throw new UnsupportedPdf('an encrypted file');
  const size = Number(/\/Size\s+(\d+)/.exec(trailer)?.[1] ?? NaN);
  if (!Number.isInteger(size)) throw new UnsupportedPdf('no /Size');

  /** The inside of an object's dictionary (between its outer << and >>); streams are not expected here. */
  const dictOf = (r: Ref): string => {
    const at = offsets.get(r.num);
    const head = `${r.num} ${r.gen} obj`;
    if (at === undefined || !text.startsWith(head, at)) throw new UnsupportedPdf(`object ${r.num}`);
    const body = text.slice(at + head.length, text.indexOf('endobj', at)).trim();
    if (!body.startsWith('<<') || !body.endsWith('>>')) throw new UnsupportedPdf(`object ${r.num} is not a dictionary`);
    return body.slice(2, -2);
  };

  const root = refOf(/\/Root\s+(\d+)\s+(\d+)\s+R/.exec(trailer), 'no /Root');
  const catalog = dictOf(root);
  if (/\/AcroForm\b/.test(catalog)) throw new UnsupportedPdf('a form (or a signature) already there');
  let page = refOf(/\/Pages\s+(\d+)\s+(\d+)\s+R/.exec(catalog), 'no /Pages');
  let pageDict = dictOf(page);
  // Down the page tree to the first page (Skia puts the pages of a longer document under intermediate nodes).
  for (let depth = 0; !/\/Type\s*\/Page(?![A-Za-z])/.test(pageDict); depth++) {
    if (depth > 32) throw new UnsupportedPdf('page tree');
    page = refOf(/\/Kids\s*\[\s*(\d+)\s+(\d+)\s+R/.exec(pageDict), 'page tree');
    pageDict = dictOf(page);
  }

  const sig: Ref = { num: size, gen: 0 };
  const widget: Ref = { num: size + 1, gen: 0 };
  const form: Ref = { num: size + 2, gen: 0 };
  let annotated: string;
  if (/\/Annots\s*\[/.test(pageDict))
    annotated = pageDict.replace(/\/Annots\s*\[([^\]]*)\]/, `/Annots [$1 ${R(widget)}]`);
  else if (/\/Annots\b/.test(pageDict)) throw new UnsupportedPdf('page annotations held in another object');
  else annotated = `${pageDict}\n/Annots [${R(widget)}]`;

  const placeholder = '/**********';
  const objects: [Ref, string][] = [
    [
      sig,
      [
        '/Type /Sig',
        '/Filter /Adobe.PPKLite',
        '/SubFilter /ETSI.CAdES.detached',
        `/ByteRange [0 ${placeholder} ${placeholder} ${placeholder}]`,
        `/Contents <${'0'.repeat(f.contentsBytes * 2)}>`,
        `/Reason ${pdfText(f.reason)}`,
        `/Name ${pdfText(f.name)}`,
        `/Location ${pdfText(f.location)}`,
        `/M ${pdfDate(f.signingTime)}`,
      ].join('\n'),
    ],
    [
      widget,
      `/Type /Annot\n/Subtype /Widget\n/FT /Sig\n/T (Seal)\n/V ${R(sig)}\n/P ${R(page)}\n/Rect [0 0 0 0]\n/F 132`,
    ],
    [form, `/Fields [${R(widget)}]\n/SigFlags 3`],
    [root, `${catalog}\n/AcroForm ${R(form)}`],
    [page, annotated],
  ];

  let out = `${text}\n`;
  const written: [Ref, number][] = [];
  for (const [ref, dict] of objects) {
    written.push([ref, Buffer.byteLength(out, 'latin1')]);
    out += `${ref.num} ${ref.gen} obj\n<<${dict}\n>>\nendobj\n`;
  }
  const xrefAt = Buffer.byteLength(out, 'latin1');
  out += 'xref\n';
  for (const [ref, at] of written.sort((a, b) => a[0].num - b[0].num)) {
    out += `${ref.num} 1\n${String(at).padStart(10, '0')} ${String(ref.gen).padStart(5, '0')} n\r\n`;
  }
  const info = /\/Info\s+\d+\s+\d+\s+R/.exec(trailer)?.[0] ?? '';
  const id = /\/ID\s*\[[^\]]*\]/.exec(trailer)?.[0] ?? '';
  out += `trailer\n<</Size ${size + 3}\n/Root ${R(root)}\n${info}\n${id}\n/Prev ${startxref}>>\nstartxref\n${xrefAt}\n%%EOF`;
  return Buffer.from(out, 'latin1');
}
