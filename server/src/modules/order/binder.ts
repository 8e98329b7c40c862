import { inArray, sql, type Column, type Placeholder, type SQL } from 'drizzle-orm';

/**
 * How a filter's values enter its SQL: as parameters of a query built for one call (`direct`), or as named
 * placeholders of a prepared statement (`placeholders`), which also records the values to run it with and
 * a shape: every value's name and every condition without a value, so two filters share a statement only
 * when their SQL is the same.
 */
export interface Binder {
  value<T>(name: string, v: T): T | Placeholder;
  /** `column IN (values)`. */
  anyOf(column: Column, name: string, values: (string | number)[]): SQL;
  /** A condition that takes no value but changes the SQL. */
  mark<T>(name: string, condition: T): T;
}

export const direct: Binder = {
  value: (_, v) => v,
  anyOf: (column, _, values) => inArray(column, values),
  mark: (_, condition) => condition,
};

export function placeholders() {
  const values: Record<string, unknown> = {};
  const shape: string[] = [];
  const binder: Binder = {
    value(name, v) {
      values[name] = v;
      shape.push(name);
      return sql.placeholder(name);
    },
    anyOf(column, name, list) {
      values[name] = list;
      shape.push(`${name}[]`);
      return sql`${column} = any(${sql.placeholder(name)})`;
    },
    mark(name, condition) {
      shape.push(`!${name}`);
      return condition;
    },
  };
  return { binder, values, shape: () => shape.join(',') };
}
