import iconv from 'iconv-lite';

/**
 * HL7 table 0211 character set names (MSH-18) and the spellings Chinese HIS send, as iconv-lite encodings.
 * iconv-lite does not know the HL7 names ("GB 18030-2000", "UNICODE UTF-8"), hence this table.
 */
const BY_NAME: Record<string, string> = {
  'GB 18030-2000': 'gb18030',
  GB18030: 'gb18030',
  'GB 18030': 'gb18030',
  GBK: 'gb18030',
  GB2312: 'gb18030',
  'UNICODE UTF-8': 'utf8',
  'UTF-8': 'utf8',
  UTF8: 'utf8',
  ASCII: 'ascii',
  '8859/1': 'latin1',
};

/** The iconv encoding of an MSH-18 value (first repetition, first component), or null when unknown. */
export function encodingOf(msh18: string): string | null {
  const name = msh18.split('~')[0]!.split('^')[0]!.trim().toUpperCase();
  if (BY_NAME[name]) return BY_NAME[name]!;
  const iso = /^8859\/([1-9]|1[0-5])$/.exec(name);
  if (iso && iconv.encodingExists(`iso-8859-${iso[1]}`)) return `iso-8859-${iso[1]}`;
  return null;
}

export class UnknownCharset extends Error {}

/**
 * A message's text: the encoding named in MSH-18, else the peer's default. MSH-18 sits in the ASCII part of
 * the header, so it is read from the first segment's bytes before anything is decoded.
 */
export function decodeMessage(bytes: Buffer, peerDefault: string): { text: string; charset: string } {
  const firstCr = bytes.indexOf(0x0d);
  const header = bytes.subarray(0, firstCr < 0 ? bytes.length : firstCr).toString('latin1');
  const sep = header[3] ?? '|';
  const msh18 = header.startsWith('MSH') ? (header.split(sep)[17] ?? '').trim() : '';
  const charset = msh18 || peerDefault;
  const encoding = encodingOf(charset);
  if (!encoding) throw new UnknownCharset(charset);
  return { text: iconv.decode(bytes, encoding), charset };
}

/** Text to bytes in an HL7 character set (one the peer setting allows; UTF-8 for anything else). */
export const encodeMessage = (text: string, charset: string): Buffer =>
  iconv.encode(text, encodingOf(charset) ?? 'utf8');
