import { textOf } from './mwl-query';
import { LEVELS, QR_ATTRIBUTES, rankOf, type Level, type MatchKind } from './qr-attributes';
import { QR_STATUS } from './qr-status';
import { DIMSE_STATUS } from './status';

/**
 * A Query/Retrieve identifier (PS3.4 C.4.1.2) read from the naturalized data set dcmjs hands us: the level,
 * the keys asked for, and a matching condition for each key given a value (PS3.4 C.2.2.2): universal (empty
 * or '*'), single value, wildcard ('*', '?'), list of UIDs or values ('\'), date and time ranges.
 */
export type Model = 'patient' | 'study';

export type Condition =
  | { kind: 'uid' | 'list'; values: string[] }
  | { kind: 'text' | 'caseless' | 'name' | 'person'; value: string }
  | { kind: 'number'; value: number }
  /** DA as YYYYMMDD, TM as HHMMSS; either end open; both inclusive. */
  | { kind: 'date' | 'time'; from?: string; to?: string };

export interface QrQuery {
  model: Model;
  level: Level;
  /** The keys asked for, in the order given (returned, with their values, in every answer). */
  keys: string[];
  /** The conditions on keys at or above the query level. */
  conditions: Record<string, Condition>;
  /** A key with a value the archive cannot match on (an unsupported optional key: pending 0xFF01). */
  unsupported: boolean;
}

/** A query refused with its status: 0xA900 (does not fit the model) or 0xC000 (a value that cannot be read). */
export class QueryRefused extends Error {
  constructor(
    readonly status: number,
    readonly comment: string,
  ) {
    super(comment);
  }
}

type Naturalized = Record<string, unknown>;
const NOT_KEYS = new Set(['SpecificCharacterSet', 'QueryRetrieveLevel']);

/** Every value of a naturalized element, as text ('' for none). */
export function valuesOf(v: unknown): string[] {
  if (v === undefined || v === null || v === '') return [];
  const all = Array.isArray(v) ? v : [v];
  return all.map((x) => textOf(x)).filter(Boolean);
}

/** The level the identifier names; the Study Root model has no PATIENT level. */
export function levelOf(ds: Naturalized, model: Model): Level {
  const named = textOf(ds.QueryRetrieveLevel).toUpperCase();
  const level = LEVELS.find((l) => l === named);
  if (!level) throw new QueryRefused(QR_STATUS.identifierMismatch, `Unknown QueryRetrieveLevel: ${named || 'none'}`);
  if (level === 'PATIENT' && model === 'study')
    throw new QueryRefused(QR_STATUS.identifierMismatch, 'Study Root has no PATIENT level');
  return level;
}

export function parseQuery(ds: Naturalized, model: Model): QrQuery {
  const level = levelOf(ds, model);
  const q: QrQuery = { model, level, keys: [], conditions: {}, unsupported: false };
  for (const key of Object.keys(ds)) {
    if (key.startsWith('_') || NOT_KEYS.has(key)) continue;
    q.keys.push(key);
    const values = valuesOf(ds[key]);
    // A sequence's items read as no value: sequences are returned empty, never matched.
    if (!values.length || (values.length === 1 && values[0] === '*')) continue;
    const a = QR_ATTRIBUTES[key];
    // A key below the query level is not matched (PS3.4 C.4.1.2.1); one we keep nothing for is unsupported.
    if (a && rankOf(a.level) > rankOf(level)) continue;
    if (!a || a.match === 'none') {
      q.unsupported = true;
      continue;
    }
    q.conditions[key] = conditionOf(key, a.match, values);
  }
  return q;
}

const DATE = /^\d{8}$/;
const TIME = /^(\d{2})(\d{2})?(\d{2})?(\.\d{1,6})?$/;

function conditionOf(key: string, kind: Exclude<MatchKind, 'none'>, values: string[]): Condition {
  const bad = () => new QueryRefused(DIMSE_STATUS.cannotUnderstand, `Cannot read ${key}: ${values.join('\\')}`);
  const one = values[0]!;
  switch (kind) {
    case 'uid':
    case 'list':
      return { kind, values };
    case 'number': {
      if (values.length > 1 || !/^[+-]?\d+$/.test(one)) throw bad();
      return { kind, value: Number(one) };
    }
    case 'date':
    case 'time': {
      if (values.length > 1) throw bad();
      const [from, to] = one.includes('-') ? one.split('-').map((s) => s.trim()) : [one, one];
      const norm = (s: string, end: 'from' | 'to') => (kind === 'time' ? timeBound(s, end) : DATE.test(s) ? s : null);
      const f = from ? norm(from, 'from') : undefined;
      const t = to ? norm(to, 'to') : undefined;
      if (f === null || t === null || (!f && !t)) throw bad();
      return { kind, ...(f ? { from: f } : {}), ...(t ? { to: t } : {}) };
    }
    default:
      if (values.length > 1) throw bad();
      return { kind, value: one };
  }
}

/** A TM bound as HHMMSS: missing parts are the start of the period for `from`, its end for `to`. */
function timeBound(t: string, end: 'from' | 'to'): string | null {
  const m = TIME.exec(t);
  if (!m) return null;
  const fill = end === 'to' ? '59' : '00';
  return `${m[1]}${m[2] ?? fill}${m[3] ?? fill}`;
}
