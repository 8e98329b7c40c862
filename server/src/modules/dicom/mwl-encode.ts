import iconv from 'iconv-lite';
import { Dataset } from './dimse';
import { IMPLICIT_LE } from './syntaxes';

/**
 * The worklist answers are encoded here rather than by dcmjs, which writes every string as UTF-8 whatever
 * SpecificCharacterSet says: text VRs go through iconv-lite in the answer's character set (GB18030, GBK,
 * UTF-8), the rest as ASCII; little endian, implicit or explicit VR as the presentation context took.
 */
export type Element = { tag: number; vr: string; value: string | Element[][] };

/** The answer character sets and their codecs; '' is the default repertoire (ASCII). */
export const CHARSETS: Record<string, string> = { '': 'ascii', GB18030: 'gb18030', GBK: 'gbk', 'ISO_IR 192': 'utf8' };

/**
 * The answer's character set: the query's when it is one we encode (GB18030, GBK, ISO_IR 192); a query
 * naming none (the default repertoire) or another one gets plain ASCII when the answers' texts are ASCII,
 * else UTF-8 declared as ISO_IR 192 (a name is never dropped or mangled).
 */
export function charsetForTexts(asked: string[], texts: string[]): string {
  const named = asked[0]?.toUpperCase().replace(/_/g, ' ').replace('ISO IR', 'ISO_IR') ?? '';
  if (named && named in CHARSETS) return named;
  // eslint-disable-next-line no-control-regex
  return texts.every((t) => /^[\x00-\x7f]*$/.test(t)) ? '' : 'ISO_IR 192';
}

const TEXT_VRS = new Set(['PN', 'LO', 'SH', 'LT', 'ST', 'UT', 'UC']);
const LONG_VRS = new Set(['OB', 'OW', 'OF', 'OD', 'OL', 'SQ', 'UN', 'UT', 'UC', 'UR']);

function bytesOf(vr: string, value: string, codec: string): Buffer {
  const b = TEXT_VRS.has(vr) ? iconv.encode(value, codec) : Buffer.from(value, 'latin1');
  return b.length % 2 ? Buffer.concat([b, Buffer.from([vr === 'UI' ? 0 : 0x20])]) : b;
}

function header(tag: number, vr: string, length: number, explicit: boolean): Buffer {
  const long = LONG_VRS.has(vr);
  const h = Buffer.alloc(explicit ? (long ? 12 : 8) : 8);
  h.writeUInt16LE(tag >>> 16, 0);
  h.writeUInt16LE(tag & 0xffff, 2);
  if (!explicit) h.writeUInt32LE(length, 4);
  else {
    h.write(vr, 4, 'latin1');
    if (long) h.writeUInt32LE(length, 8);
    else h.writeUInt16LE(length, 6);
  }
  return h;
}

const ITEM = 0xfffee000;

/** The data set's bytes: elements in tag order, sequences and items with defined lengths. */
export function encodeElements(elements: Element[], syntax: string, codec: string): Buffer {
  const explicit = syntax !== IMPLICIT_LE;
  const parts: Buffer[] = [];
  for (const e of [...elements].sort((a, b) => a.tag - b.tag)) {
    if (typeof e.value === 'string') {
      const v = bytesOf(e.vr, e.value, codec);
      parts.push(header(e.tag, e.vr, v.length, explicit), v);
      continue;
    }
    const items = e.value.map((item) => {
      const body = encodeElements(item, syntax, codec);
      const h = Buffer.alloc(8);
      h.writeUInt16LE(ITEM >>> 16, 0);
      h.writeUInt16LE(ITEM & 0xffff, 2);
      h.writeUInt32LE(body.length, 4);
      return Buffer.concat([h, body]);
    });
    const body = Buffer.concat(items);
    parts.push(header(e.tag, 'SQ', body.length, explicit), body);
  }
  return Buffer.concat(parts);
}

/**
 * A dcmjs-dimse Dataset whose bytes are ours. Its transfer syntax is the query's (the accepted one), so
 * dcmjs-dimse sends it as it is instead of transcoding; getElements() shows a plain view for its logs.
 */
export class EncodedDataset extends Dataset {
  constructor(
    private readonly encoded: Element[],
    private readonly codec: string,
    syntax: string,
  ) {
    super({}, syntax);
  }

  override getDenaturalizedDataset(): Buffer {
    return encodeElements(this.encoded, this.getTransferSyntaxUid(), this.codec);
  }
}
