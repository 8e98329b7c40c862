import { Message } from 'node-hl7-client';

/** What makes a message unreadable: the answer is AR with this text. */
export class Hl7Malformed extends Error {}

type Node = ReturnType<Message['get']>;

/** A field of one segment by its path below the segment ('3', '3.1', '4.2'): unescaped, `\.br\` as a line break. */
export interface Hl7Segment {
  get(path: string): string;
}

export interface Hl7Message {
  /** MSH-9.1, MSH-9.2 ('ORM', 'O01'). */
  type: string;
  trigger: string;
  /** MSH-10: the sender's id of this message (its ACK's MSA-2). */
  controlId: string;
  /** MSH-12 */
  version: string;
  sendingApp: string;
  sendingFacility: string;
  receivingApp: string;
  receivingFacility: string;
  /** MSH-11 */
  processingId: string;
  get(path: string): string;
  /** Each repetition of a field ('PID.3') as its components (index 0 is component 1). */
  repeats(path: string): string[][];
  segments(name: string): Hl7Segment[];
}

const text = (n: Node | undefined, esc: string) =>
  n ? n.toString().replaceAll(`${esc}.br${esc}`, '\n').replaceAll(`${esc}.BR${esc}`, '\n') : '';

/**
 * Parses one HL7 v2 message (ER7) with node-hl7-client. Segments may end in CR, CRLF or LF (senders that
 * write files); the last one may lack its terminator. Refused: no MSH first, two MSH, no type or id.
 */
export function parseHl7(raw: string): Hl7Message {
  const body = raw
    .replace(/\r\n|\n/g, '\r')
    .split('\r')
    .filter((s) => s.trim() !== '')
    .join('\r');
  if (!body.startsWith('MSH') || body.length < 8) throw new Hl7Malformed('the message does not begin with MSH');
  const esc = body[6] ?? '\\';
  let m: Message;
  try {
    m = new Message({ text: body, parsing: true });
  } catch (e) {
    throw new Hl7Malformed((e as Error).message);
  }
  const get = (path: string) => text(m.get(path), esc);
  const msg: Hl7Message = {
    type: get('MSH.9.1').trim().toUpperCase(),
    trigger: get('MSH.9.2').trim().toUpperCase(),
    controlId: get('MSH.10').trim(),
    version: get('MSH.12.1').trim(),
    sendingApp: get('MSH.3.1'),
    sendingFacility: get('MSH.4.1'),
    receivingApp: get('MSH.5.1'),
    receivingFacility: get('MSH.6.1'),
    processingId: get('MSH.11.1'),
    get,
    repeats(path) {
      const out: string[][] = [];
      const field = m.get(path);
      if (!field || !field.length) return out;
      field.forEach((r) => {
        const comps: string[] = [];
        for (let i = 0; i < Math.max(1, r.length); i++) comps.push(text(r.get(i), esc));
        out.push(comps);
      });
      return out;
    },
    segments(name) {
      const out: Hl7Segment[] = [];
      const list = m.get(name);
      if (!list || list.isEmpty?.() !== false || !list.length) return out;
      list.forEach((s) => out.push({ get: (path) => text(s.get(path), esc) }));
      return out;
    },
  };
  if (!msg.type) throw new Hl7Malformed('MSH-9 (message type) is empty');
  if (!msg.controlId) throw new Hl7Malformed('MSH-10 (message control id) is empty');
  if (msg.controlId.length > 64) throw new Hl7Malformed('MSH-10 (message control id) is longer than 64');
  return msg;
}

/** One outgoing segment: fields from field 1 on; each field a string or its components (escaped here). */
export type Fields = (string | (string | string[])[] | undefined)[];

/** Stands for a line break inside a value while the library escapes it (it has no escape for one). */
const BREAK = '\uE000';
const held = (v: string) => v.replace(/\r\n|\r|\n/g, BREAK);

/**
 * Builds a message with node-hl7-client from the MSH fields (from MSH-3 on) and segments given: values are
 * escaped by the library (| ^ ~ \ & become \F\ \S\ \R\ \E\ \T\), line breaks become `\.br\`, segments
 * end in CR.
 */
export function buildHl7(msh: Fields, segments: [string, Fields][]): string {
  const m = new Message({ text: 'MSH|^~\\&' });
  type Settable = { set(path: string, v: string): unknown };
  const put = (seg: Settable, prefix: string, fields: Fields, from: number) => {
    fields.forEach((f, i) => {
      if (f === undefined || f === '') return;
      const at = `${prefix}${i + from}`;
      if (typeof f === 'string') return void seg.set(at, held(f));
      f.forEach((c, j) => {
        if (Array.isArray(c)) c.forEach((sc, k) => sc && seg.set(`${at}.${j + 1}.${k + 1}`, held(sc)));
        else if (c) seg.set(`${at}.${j + 1}`, held(c));
      });
    });
  };
  // MSH-1 and MSH-2 are the delimiters: the first field given is MSH-3.
  put(m as unknown as Settable, 'MSH.', msh, 3);
  for (const [name, fields] of segments) put(m.addSegment(name), '', fields, 1);
  return m
    .toString()
    .split(/\r\n|\r|\n/)
    .join('\r')
    .replaceAll(BREAK, '\\.br\\');
}

/** YYYYMMDDHHMMSS in the server's local time (HL7 DTM without offset, as the HIS in the field write it). */
export function hl7Time(d: Date): string {
  const p = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${p(d.getFullYear(), 4)}${p(d.getMonth() + 1)}${p(d.getDate())}${p(d.getHours())}${p(d.getMinutes())}${p(d.getSeconds())}`;
}

/** An HL7 DTM/DT ('20240501', '202405010930', '20240501093000+0800') as a Date, or null. */
export function parseHl7Time(v: string): Date | null {
  const m = /^(\d{4})(\d{2})(\d{2})(?:(\d{2})(\d{2})?(\d{2})?(?:\.\d+)?)?([+-]\d{4})?$/.exec(v.trim());
  if (!m) return null;
  const [, y, mo, d, h = '0', mi = '0', s = '0', tz] = m;
  const parts = [Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s)] as const;
  const calendar = new Date(Date.UTC(parts[0], parts[1], parts[2]));
  if (calendar.getUTCMonth() !== parts[1] || parts[3] > 23 || parts[4] > 59 || parts[5] > 59) return null;
  if (!tz) return new Date(...parts);
  const offset = (tz[0] === '-' ? -1 : 1) * (Number(tz.slice(1, 3)) * 60 + Number(tz.slice(3, 5)));
  const date = new Date(Date.UTC(...parts) - offset * 60_000);
  return date;
}
