import dayjs from 'dayjs';
import {
  and,
  Column,
  eq,
  gt,
  gte,
  ilike,
  inArray,
  is,
  isNull,
  lt,
  ne,
  not,
  or,
  sql,
  type AnyColumn,
  type SQL,
} from 'drizzle-orm';
import { PG_INT_MAX } from '@shared/schemas/common';
import {
  SUPER_QUERY_NO_VALUE,
  SuperQueryTextSchema,
  type SuperCondition,
  type SuperQueryRule,
} from '@shared/schemas/super-query';
import { addMessages } from '../core/i18n';

const zh = {
  superQueryJson: '高级查询条件须为 JSON 数组（每项含 field、rule、val）',
  superQueryField: '该列表不能按此字段查询',
  superQueryRule: '此字段不支持该查询规则',
  superQueryValue: '查询值缺失或格式不符',
} as const;
const en: Record<keyof typeof zh, string> = {
  superQueryJson: 'the advanced query must be a JSON array of {field, rule, val}',
  superQueryField: 'this list cannot be queried by that field',
  superQueryRule: 'that rule does not apply to this field',
  superQueryValue: 'the value is missing or not of the field’s type',
};
addMessages({ 'zh-CN': zh, 'en-US': en });
declare module '../core/i18n' {
  interface ModuleMessageKeys extends Record<keyof typeof zh, true> {}
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (m) => `\\${m}`);

type Kind = 'text' | 'int' | 'number' | 'date' | 'boolean';
export interface SuperField {
  column: AnyColumn;
  kind: Kind;
  /** Largest magnitude of an integer column. */
  max?: number;
}

const INT_MAX: Record<string, number> = {
  PgSmallInt: 32_767,
  PgSmallSerial: 32_767,
  PgInteger: PG_INT_MAX,
  PgSerial: PG_INT_MAX,
  PgBigInt53: Number.MAX_SAFE_INTEGER,
  PgBigSerial53: Number.MAX_SAFE_INTEGER,
};

const TEXT_TYPES = new Set(['PgVarchar', 'PgText', 'PgChar']);

function kindOf(c: AnyColumn): SuperField | null {
  const type = c.columnType;
  if (type in INT_MAX) return { column: c, kind: 'int', max: INT_MAX[type] };
  if (type === 'PgNumeric' || c.dataType === 'number') return { column: c, kind: 'number' };
  if (c.dataType === 'date' || type === 'PgTimestamp' || type === 'PgTimestampString')
    return { column: c, kind: 'date' };
  if (c.dataType === 'boolean') return { column: c, kind: 'boolean' };
  // Text only: other string-typed columns (uuid, enum, inet, date as text) take no LIKE.
  if (TEXT_TYPES.has(type)) return { column: c, kind: 'text' };
  return null;
}

/** The fields a list may be queried by: its sortable columns that are plain columns (not expressions). */
export function superFieldsOf(sorts: Record<string, AnyColumn | SQL>): Record<string, SuperField> {
  const out: Record<string, SuperField> = {};
  for (const [name, c] of Object.entries(sorts)) {
    const f = is(c, Column) ? kindOf(c) : null;
    if (f) out[name] = f;
  }
  return out;
}

const RULES: Record<Kind, readonly SuperQueryRule[]> = {
  text: ['eq', 'ne', 'gt', 'ge', 'lt', 'le', 'like', 'left_like', 'right_like', 'in', 'empty', 'not_empty'],
  int: ['eq', 'ne', 'gt', 'ge', 'lt', 'le', 'in', 'empty', 'not_empty'],
  number: ['eq', 'ne', 'gt', 'ge', 'lt', 'le', 'in', 'empty', 'not_empty'],
  date: ['eq', 'ne', 'gt', 'ge', 'lt', 'le', 'empty', 'not_empty'],
  boolean: ['eq', 'ne', 'empty', 'not_empty'],
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const DATETIME = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2})?$/;

/** The condition's values as its column takes them, or null when one does not fit. */
function valuesOf(f: SuperField, c: SuperCondition): (string | number | boolean | Date)[] | null {
  const raw = Array.isArray(c.val) ? c.val : c.rule === 'in' ? (c.val ?? '').split(',') : [c.val ?? ''];
  const vals = raw.map((v) => v.trim());
  if (!vals.length || vals.some((v) => v === '') || vals.length > 50) return null;
  const out: (string | number | boolean | Date)[] = [];
  for (const v of vals) {
    if (f.kind === 'text') out.push(v);
    else if (f.kind === 'int') {
      if (!/^-?\d{1,16}$/.test(v) || Math.abs(Number(v)) > (f.max ?? PG_INT_MAX)) return null;
      out.push(Number(v));
    } else if (f.kind === 'number') {
      if (!/^-?\d{1,15}(\.\d{1,6})?$/.test(v)) return null;
      out.push(v);
    } else if (f.kind === 'boolean') {
      if (!['true', 'false', '1', '0'].includes(v)) return null;
      out.push(v === 'true' || v === '1');
    } else {
      if (!(DAY.test(v) || DATETIME.test(v)) || !dayjs(v).isValid()) return null;
      out.push(v);
    }
  }
  return out;
}

/** Refuses, per condition, an unknown field, a rule the field does not take or a value not of its type. */
export function superQuerySchema(fields: Record<string, SuperField>) {
  return SuperQueryTextSchema.superRefine((conds, ctx) => {
    conds.forEach((c, i) => {
      const f = Object.hasOwn(fields, c.field) ? fields[c.field] : undefined;
      if (!f) return ctx.addIssue({ code: 'custom', path: [i, 'field'], message: 'msg:superQueryField' });
      if (!RULES[f.kind].includes(c.rule)) {
        return ctx.addIssue({ code: 'custom', path: [i, 'rule'], message: 'msg:superQueryRule' });
      }
      if (!SUPER_QUERY_NO_VALUE.includes(c.rule) && !valuesOf(f, c)) {
        ctx.addIssue({ code: 'custom', path: [i, 'val'], message: 'msg:superQueryValue' });
      }
    });
  });
}

/** A date value: a whole day (YYYY-MM-DD) compares by day, a time exactly. */
function dateCondition(col: AnyColumn, rule: SuperQueryRule, v: string): SQL {
  if (!DAY.test(v)) {
    const at = dayjs(v).toDate();
    const ops = { eq, ne, gt, ge: gte, lt, le: (a: AnyColumn, b: Date) => sql`${a} <= ${b}` };
    return ops[rule as keyof typeof ops](col, at);
  }
  const from = dayjs(v).startOf('day').toDate();
  const to = dayjs(v).add(1, 'day').startOf('day').toDate();
  const inDay = and(gte(col, from), lt(col, to))!;
  const byRule: Partial<Record<SuperQueryRule, SQL>> = {
    eq: inDay,
    ne: or(lt(col, from), gte(col, to))!,
    gt: gte(col, to),
    ge: gte(col, from),
    lt: lt(col, from),
    le: lt(col, to),
  };
  return byRule[rule]!;
}

function condition(f: SuperField, c: SuperCondition): SQL {
  const col = f.column;
  const blank = f.kind === 'text' ? or(isNull(col), eq(col, ''))! : isNull(col);
  if (c.rule === 'empty') return blank;
  if (c.rule === 'not_empty') return not(blank);
  const vals = valuesOf(f, c)!;
  const v = vals[0]!;
  if (f.kind === 'date') return dateCondition(col, c.rule, v as string);
  switch (c.rule) {
    case 'in':
      return inArray(col, vals);
    case 'like':
      return ilike(col, `%${escapeLike(String(v))}%`);
    case 'left_like':
      return ilike(col, `%${escapeLike(String(v))}`);
    case 'right_like':
      return ilike(col, `${escapeLike(String(v))}%`);
    case 'eq':
      return eq(col, v);
    case 'ne':
      return or(ne(col, v), isNull(col))!;
    case 'gt':
      return gt(col, v);
    case 'ge':
      return gte(col, v);
    case 'lt':
      return lt(col, v);
    default:
      return sql`${col} <= ${v}`;
  }
}

/** The accepted conditions as one SQL condition (undefined when none). */
export function superWhere(
  fields: Record<string, SuperField>,
  conds: SuperCondition[] | undefined,
  match: 'and' | 'or' | undefined,
): SQL | undefined {
  if (!conds?.length) return undefined;
  const parts = conds.map((c) => condition(fields[c.field]!, c));
  return match === 'or' ? or(...parts) : and(...parts);
}
