import type { App } from '../../server/src/app';

/** The part of JSON Schema that zod-openapi writes into /openapi.json and the suites read. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
  $ref?: string;
}

export type BodyKind = 'json' | 'form' | 'multipart';

export interface Operation {
  /** "METHOD /path", the key of the authorisation matrix. */
  key: string;
  method: string;
  path: string;
  permission: string;
  body?: { kind: BodyKind; schema: JsonSchema };
  query: { name: string; required: boolean; schema: JsonSchema }[];
}

interface RawOperation {
  'x-permission'?: string;
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  parameters?: { name: string; in: string; required?: boolean; schema: JsonSchema }[];
}
interface RawDoc {
  paths: Record<string, Record<string, RawOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

const KINDS: [string, BodyKind][] = [
  ['application/json', 'json'],
  ['application/x-www-form-urlencoded', 'form'],
  ['multipart/form-data', 'multipart'],
];

/** Every operation the app documents, with $refs resolved (the schemas are not recursive). */
export async function readOperations(app: App): Promise<Operation[]> {
  const doc = (await (await app.request('/openapi.json')).json()) as RawDoc;
  const named = doc.components?.schemas ?? {};
  const resolve = (s: JsonSchema, depth = 0): JsonSchema => {
    if (depth > 8) return s;
    const base = s.$ref ? (named[s.$ref.replace('#/components/schemas/', '')] ?? {}) : s;
    const out: JsonSchema = { ...base };
    if (base.properties) {
      out.properties = Object.fromEntries(Object.entries(base.properties).map(([k, v]) => [k, resolve(v, depth + 1)]));
    }
    if (base.items) out.items = resolve(base.items, depth + 1);
    if (base.anyOf) out.anyOf = base.anyOf.map((a) => resolve(a, depth + 1));
    if (typeof base.additionalProperties === 'object') {
      out.additionalProperties = resolve(base.additionalProperties, depth + 1);
    }
    return out;
  };
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([m, op]): Operation => {
      const method = m.toUpperCase();
      const content = op.requestBody?.content ?? {};
      const kind = KINDS.find(([type]) => content[type]);
      return {
        key: `${method} ${path}`,
        method,
        path,
        permission: op['x-permission'] ?? '',
        ...(kind ? { body: { kind: kind[1], schema: resolve(content[kind[0]]!.schema) } } : {}),
        query: (op.parameters ?? [])
          .filter((p) => p.in === 'query')
          .map((p) => ({ name: p.name, required: p.required === true, schema: resolve(p.schema) })),
      };
    }),
  );
}

/** The JSON types a schema accepts ('integer' counts as 'number'). */
export function typesOf(s: JsonSchema): Set<string> {
  const out = new Set<string>();
  if (s.anyOf) for (const a of s.anyOf) for (const t of typesOf(a)) out.add(t);
  const types = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
  for (const t of types) out.add(t === 'integer' ? 'number' : t);
  if (s.enum) for (const e of s.enum) out.add(e === null ? 'null' : typeof e);
  if (s.properties) out.add('object');
  return out;
}

export const isObjectSchema = (s: JsonSchema) => Boolean(s.properties) && typesOf(s).has('object');

/** Values known to address real data, by field name (a study of the caller's hospital, say). */
export type Overrides = Record<string, unknown>;

const PATTERN_SAMPLES: Record<string, string> = {
  '^\\d+$': '1',
  '^\\d{1,15}$': '1',
  '^[A-Za-z0-9+/]+={0,2}$': 'QUJD',
  '^#[0-9a-fA-F]{6}$': '#1677ff',
  '^[A-Za-z0-9_-]+$': 'suite-key-0001',
};

/** A valid value for a schema: required properties only, overrides by field name. */
export function validValue(s: JsonSchema, o: Overrides = {}, name = ''): unknown {
  if (name in o) return o[name];
  if (s.enum?.length) return s.enum[0];
  if (s.anyOf?.length) return validValue(s.anyOf[0]!, o, name);
  const types = Array.isArray(s.type) ? s.type : [s.type ?? 'object'];
  const t = types.find((x) => x !== 'null') ?? 'null';
  switch (t) {
    case 'string':
      if (s.format === 'date') return '2026-01-01';
      if (s.format === 'binary') return 'file';
      if (s.pattern) return PATTERN_SAMPLES[s.pattern] ?? 'a';
      return 'a'.repeat(Math.max(s.minLength ?? 1, 1));
    case 'integer':
    case 'number':
      return Math.max(s.minimum ?? 1, Math.min(1, s.maximum ?? 1));
    case 'boolean':
      return false;
    case 'array':
      return Array.from({ length: s.minItems ?? 0 }, () => validValue(s.items ?? {}, o));
    case 'null':
      return null;
    default:
      return Object.fromEntries((s.required ?? []).map((k) => [k, validValue(s.properties?.[k] ?? {}, o, k)]));
  }
}
