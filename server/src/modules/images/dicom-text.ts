import iconv from 'iconv-lite';

/**
 * Text of a DICOM string element in its SpecificCharacterSet. Chinese archives use GB18030 and GBK (and
 * UTF-8, ISO_IR 192); many modalities send GBK bytes with no character set at all, so undeclared text that
 * is not valid UTF-8 or plain ASCII is read as GB18030 (a superset of GBK and GB2312) rather than Latin-1.
 */
const CODECS: Record<string, string> = {
  GB18030: 'gb18030',
  GBK: 'gbk',
  'ISO_IR 192': 'utf8',
  'ISO 2022 IR 58': 'gb18030',
  'ISO_IR 100': 'latin1',
  'ISO_IR 6': 'latin1',
};
const utf8 = new TextDecoder('utf-8', { fatal: true });
// ISO 2022 escape sequences (ESC $ ) A for GB2312 and the like): the bytes between them are GB2312 with the high bit set.
// eslint-disable-next-line no-control-regex
const ESCAPES = /\x1b[$()*+\-./]{1,2}[@-~]/g;

export function charsetCodec(specificCharacterSet: string): string | null {
  const terms = specificCharacterSet
    .split('\\')
    .map((t) => t.trim())
    .filter(Boolean);
  for (const term of terms) if (CODECS[term]) return CODECS[term]!;
  return terms.length ? 'latin1' : null;
}

export function decodeText(bytes: Buffer, specificCharacterSet: string): string {
  const codec = charsetCodec(specificCharacterSet);
  let text: string;
  if (codec) {
    const clean = specificCharacterSet.includes('2022') ? stripEscapes(bytes) : bytes;
    text = iconv.decode(clean, codec);
  } else {
    try {
      text = utf8.decode(bytes);
    } catch {
      text = iconv.decode(bytes, 'gb18030');
    }
  }
  // Trailing NUL is padding; one inside a value is a sender's fault that PostgreSQL text cannot hold, so it
  // goes too (the stored file keeps its bytes). Other text stays as sent.
  return text.replaceAll('\u0000', '').replace(/\s+$/u, '').replace(/^\s+/u, '');
}

function stripEscapes(bytes: Buffer): Buffer {
  return Buffer.from(bytes.toString('latin1').replace(ESCAPES, ''), 'latin1');
}

/** A person name as the worklist shows it: the ideographic group when there is one, '^' dropped between CJK parts. */
export function displayName(pn: string): string {
  const groups = pn.split('=');
  const name = (groups[1]?.trim() ? groups[1] : groups[0]) ?? '';
  const cjk = /[\u3400-\u9fff]/u.test(name);
  return name
    .split('^')
    .map((p) => p.trim())
    .filter(Boolean)
    .join(cjk ? '' : ' ');
}
