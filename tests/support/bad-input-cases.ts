import { PG_INT_MAX } from '../../shared/src/schemas/common';
import { MAX_JSON_DEPTH } from '../../server/src/platform/core/input-text';
import { isObjectSchema, typesOf, validValue, type JsonSchema, type Operation, type Overrides } from './openapi-doc';

/**
 * Bad input for one documented operation, generated from its schema: per field wrong type, missing,
 * oversize, boundary integers, NUL and lone surrogates in values and keys; per route bodies that are not
 * objects, malformed, too deep, not UTF-8 or too large. 'guard' cases are refused before the session check
 * (input guard, body limit), 'schema' ones by the route's validation, after it.
 */
export interface BadCase {
  label: string;
  stage: 'guard' | 'schema';
  query?: string;
  body?: { type: string; data: string | Uint8Array<ArrayBuffer> | FormData };
}

/** JSON text placed as is (numbers JSON.stringify cannot write: 1e309, -0). */
class RawJson {
  constructor(readonly text: string) {}
}
const OMIT = Symbol('omit');
type Rebuild = (v: unknown) => unknown;

const NUL = 'a\u0000b';
const SURROGATE = 'a\uD800b';
const BAD_KEYS: [string, string][] = [
  ['NUL in a key', 'k\u0000'],
  ['lone surrogate in a key', 'k\uDC00'],
];
const MAX_BODY = 1024 * 1024;

export function toJson(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_k, v: unknown) => {
    if (v instanceof RawJson) return `\u0001raw${raws.push(v.text) - 1}\u0001`;
    return v;
  });
  return text.replace(/"\\u0001raw(\d+)\\u0001"/g, (_m, i: string) => raws[Number(i)]!);
}

/** Percent-encodes text; a lone surrogate becomes its (invalid) 3-byte UTF-8 form instead of throwing. */
export function encodeText(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const pair = c >= 0xd800 && c <= 0xdbff && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00;
    if (pair) out += encodeURIComponent(s.slice(i, ++i + 1));
    else if (c >= 0xd800 && c <= 0xdfff)
      out += `%${[0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63)].map((b) => b.toString(16).toUpperCase()).join('%')}`;
    else out += encodeURIComponent(s[i]!);
  }
  return out;
}
const encodePairs = (pairs: [string, string][]) => pairs.map(([k, v]) => `${encodeText(k)}=${encodeText(v)}`).join('&');

function numberCases(s: JsonSchema): [string, unknown][] {
  const out: [string, unknown][] = [];
  if (s.minimum !== undefined) out.push(['min-1', s.minimum - 1]);
  if (s.maximum !== undefined) out.push(['max+1', s.maximum + 1]);
  out.push(['PG_INT_MAX+1', PG_INT_MAX + 1], ['1e309', new RawJson('1e309')], ['-0', new RawJson('-0')]);
  const integer = [s.type, ...(s.anyOf ?? []).map((a) => a.type)].flat().includes('integer');
  if (integer) out.push(['1.5', 1.5]);
  return out;
}

/** Value cases of one JSON field: [what, value, stage]. */
function jsonLeafCases(s: JsonSchema, required: boolean): [string, unknown, BadCase['stage']][] {
  const types = typesOf(s);
  const out: [string, unknown, BadCase['stage']][] = [];
  const wrong = [7, 'x', true, {}, []].find((v) => !types.has(Array.isArray(v) ? 'array' : typeof v));
  if (wrong !== undefined && types.size) out.push(['wrong type', wrong, 'schema']);
  if (required) out.push(['missing', OMIT, 'schema']);
  const str = s.anyOf?.find((a) => a.maxLength !== undefined) ?? s;
  if (str.maxLength !== undefined) out.push(['oversize', 'a'.repeat(str.maxLength + 1), 'schema']);
  if (s.maxItems !== undefined) {
    out.push(['too many items', Array.from({ length: s.maxItems + 1 }, () => validValue(s.items ?? {})), 'schema']);
  }
  if (types.has('number')) for (const [what, v] of numberCases(s)) out.push([what, v, 'schema']);
  if (types.has('string')) out.push(['NUL', NUL, 'guard'], ['lone surrogate', SURROGATE, 'guard']);
  return out;
}

function jsonFieldCases(s: JsonSchema, value: unknown, rebuild: Rebuild, path: string, depth: number): BadCase[] {
  const json = (label: string, stage: BadCase['stage'], body: unknown): BadCase => ({
    label,
    stage,
    body: { type: 'application/json', data: toJson(body) },
  });
  const out: BadCase[] = [];
  if (!isObjectSchema(s) || depth > 3) return out;
  const obj = (value && typeof value === 'object' ? value : validValue(s)) as Record<string, unknown>;
  for (const [what, key] of BAD_KEYS)
    out.push(json(`${path || '(body)'}: ${what}`, 'guard', rebuild({ ...obj, [key]: 1 })));
  for (const [name, prop] of Object.entries(s.properties ?? {})) {
    const at = path ? `${path}.${name}` : name;
    const set: Rebuild = (v) => {
      const next = { ...obj };
      if (v === OMIT) delete next[name];
      else next[name] = v;
      return rebuild(next);
    };
    for (const [what, v, stage] of jsonLeafCases(prop, (s.required ?? []).includes(name))) {
      out.push(json(`${at}: ${what}`, stage, set(v)));
    }
    out.push(...jsonFieldCases(prop, obj[name], set, at, depth + 1));
  }
  return out;
}

function nested(levels: number): unknown {
  let v: unknown = 1;
  for (let i = 0; i < levels; i++) v = [v];
  return v;
}

function jsonRouteCases(base: unknown): BadCase[] {
  const json = (
    label: string,
    stage: BadCase['stage'],
    data: string | Uint8Array<ArrayBuffer>,
    type = 'application/json',
  ) => ({
    label,
    stage,
    body: { type, data },
  });
  const first = base && typeof base === 'object' ? Object.keys(base)[0] : undefined;
  return [
    json('body: null', 'schema', 'null'),
    json('body: array', 'schema', '[]'),
    json('body: string', 'schema', '"text"'),
    json('body: number', 'schema', '12'),
    json('body: malformed', 'schema', '{"a":'),
    json('body: empty', 'schema', ''),
    json('body: as text/plain', 'schema', toJson(base), 'text/plain'),
    json(
      `body: nested ${MAX_JSON_DEPTH + 1} deep`,
      'guard',
      toJson({ ...(base as object), [first ?? 'x']: nested(MAX_JSON_DEPTH) }),
    ),
    json('body: not UTF-8', 'guard', new Uint8Array([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d])),
    json('body: past the body limit', 'guard', `{"x":"${'a'.repeat(MAX_BODY)}"}`),
  ];
}

function textCases(
  fields: { name: string; required: boolean; schema: JsonSchema }[],
  base: Record<string, string>,
  make: (label: string, stage: BadCase['stage'], pairs: [string, string][]) => BadCase,
): BadCase[] {
  const pairs = (over: Record<string, string | typeof OMIT>): [string, string][] =>
    Object.entries({ ...base, ...over }).filter((e): e is [string, string] => e[1] !== OMIT);
  const out: BadCase[] = BAD_KEYS.map(([what, key]) => make(`${what}`, 'guard', pairs({ [key]: '1' })));
  for (const { name, required, schema } of fields) {
    const c = (what: string, stage: BadCase['stage'], v: string | typeof OMIT) =>
      out.push(make(`${name}: ${what}`, stage, pairs({ [name]: v })));
    const types = typesOf(schema);
    if (required) c('missing', 'schema', OMIT);
    if (!types.has('string') || schema.enum || schema.pattern) c('wrong type', 'schema', '{x}');
    const str = schema.anyOf?.find((a) => a.maxLength !== undefined) ?? schema;
    if (str.maxLength !== undefined) c('oversize', 'schema', 'a'.repeat(str.maxLength + 1));
    if (types.has('number'))
      for (const [what, v] of numberCases(schema)) c(what, 'schema', v instanceof RawJson ? v.text : String(v));
    c('NUL', 'guard', NUL);
    c('lone surrogate', 'guard', SURROGATE);
  }
  return out;
}

function multipartCases(): BadCase[] {
  const form = (label: string, stage: BadCase['stage'], fill: (f: FormData) => void): BadCase => {
    const f = new FormData();
    fill(f);
    return { label, stage, body: { type: 'multipart', data: f } };
  };
  const junk = () => new Blob([new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0xff, 0x00, 0x13])]);
  return [
    form('file: missing', 'schema', () => {}),
    form('file: wrong type (text field)', 'schema', (f) => f.set('file', 'not a file')),
    form('file: not an xlsx', 'schema', (f) => f.set('file', junk(), 'items.xlsx')),
    form('NUL in a field name', 'guard', (f) => f.set('fi\u0000le', junk(), 'items.xlsx')),
    form('NUL in a file name', 'guard', (f) => f.set('file', junk(), 'it\u0000ems.xlsx')),
    form('lone surrogate in a value', 'guard', (f) => {
      f.set('file', junk(), 'items.xlsx');
      f.set('note', SURROGATE);
    }),
  ];
}

/** Every bad-input case of an operation; `o` names values that address real data. */
export function badCases(op: Operation, o: Overrides): BadCase[] {
  const queryBase = Object.fromEntries(
    op.query.filter((q) => q.required).map((q) => [q.name, String(validValue(q.schema, o, q.name))]),
  );
  const cases = textCases(op.query, queryBase, (label, stage, pairs) => ({
    label: `query ${label}`,
    stage,
    query: encodePairs(pairs),
  }));
  const query = encodePairs(Object.entries(queryBase));
  const withQuery = (c: BadCase): BadCase => (c.query !== undefined || !query ? c : { ...c, query });
  if (!op.body) {
    if (op.method !== 'GET') cases.push(...jsonRouteCases({}).filter((c) => c.stage === 'guard'));
    return cases.map(withQuery);
  }
  const { kind, schema } = op.body;
  const base = validValue(schema, o);
  if (kind === 'json') cases.push(...jsonRouteCases(base), ...jsonFieldCases(schema, base, (v) => v, '', 0));
  if (kind === 'multipart') cases.push(...multipartCases());
  if (kind === 'form') {
    const fields = Object.entries(schema.properties ?? {}).map(([name, s]) => ({
      name,
      required: (schema.required ?? []).includes(name),
      schema: s,
    }));
    const formBase = Object.fromEntries(Object.entries(base as object).map(([k, v]) => [k, String(v)]));
    cases.push(
      ...textCases(fields, formBase, (label, stage, pairs) => ({
        label: `form ${label}`,
        stage,
        body: { type: 'application/x-www-form-urlencoded', data: encodePairs(pairs) },
      })),
    );
  }
  return cases.map(withQuery);
}
