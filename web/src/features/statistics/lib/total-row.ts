/**
 * The highlighted total row of a statistics table: every numeric column summed over the rows, the label
 * column set to `label`. Used when the server's answer has no total row of its own, and by the tests to
 * check that the server's total equals the sum of its rows.
 */
export function totalRow<T extends Record<string, unknown>>(
  rows: readonly T[],
  numericKeys: readonly (keyof T & string)[],
  labelKey: keyof T & string,
  label: string,
): T {
  const total: Record<string, unknown> = { [labelKey]: label };
  for (const key of numericKeys) total[key] = rows.reduce((sum, r) => sum + (Number(r[key]) || 0), 0);
  return total as T;
}

/** The numeric keys of a row (the columns a total row sums). */
export function numericKeysOf<T extends Record<string, unknown>>(rows: readonly T[]): (keyof T & string)[] {
  const keys = new Set<string>();
  for (const r of rows) for (const [k, v] of Object.entries(r)) if (typeof v === 'number') keys.add(k);
  return [...keys] as (keyof T & string)[];
}
