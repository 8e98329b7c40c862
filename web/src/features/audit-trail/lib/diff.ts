/** How one field of a change compares between before and after. */
export type FieldChange = 'changed' | 'added' | 'removed' | 'same';

export interface DiffRow {
  field: string;
  before: unknown;
  after: unknown;
  change: FieldChange;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** An audit detail of an administrative change: `{ before, after }`, either null (a create or a delete). */
export function isChange(detail: Obj | null): detail is { before: Obj | null; after: Obj | null } {
  return (
    isObj(detail) &&
    'before' in detail &&
    'after' in detail &&
    (detail.before === null || isObj(detail.before)) &&
    (detail.after === null || isObj(detail.after))
  );
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Every field of either side, in the order the before row has them (then the after row's new ones).
 * A field only on one side is added or removed; a create has no before, a delete no after.
 */
export function diffRows(before: Obj | null, after: Obj | null): DiffRow[] {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return fields.map((field) => {
    const inBefore = before !== null && field in before;
    const inAfter = after !== null && field in after;
    const b = inBefore ? before[field] : undefined;
    const a = inAfter ? after[field] : undefined;
    const change: FieldChange = !inBefore ? 'added' : !inAfter ? 'removed' : same(b, a) ? 'same' : 'changed';
    return { field, before: b, after: a, change };
  });
}

/** A value as text: strings as they are, the rest as JSON; nothing as an empty string. */
export function valueText(v: unknown): string {
  if (v === undefined || v === null) return '';
  return typeof v === 'string' ? v : JSON.stringify(v);
}
