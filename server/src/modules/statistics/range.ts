import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/** Days `start`..`end` (YYYY-MM-DD) both included, as calendar days of the database session's time zone. */
export function inDays(column: AnyColumn, start: string, end: string): SQL {
  return sql`${column} >= ${start}::date and ${column} < ${end}::date + 1`;
}

/** The month `month` (YYYY-MM). */
export function inMonth(column: AnyColumn, month: string): SQL {
  const first = `${month}-01`;
  return sql`${column} >= ${first}::date and ${column} < ${first}::date + interval '1 month'`;
}

/** Days `start`..`end` both included, on a date column (the counts' day, already in the hospital's zone). */
export function daysIn(column: AnyColumn, start: string, end: string): SQL {
  return sql`${column} between ${start}::date and ${end}::date`;
}
