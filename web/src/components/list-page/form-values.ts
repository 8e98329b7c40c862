import { boundsOf, rangeOf, type DateRange } from '@web/lib/date-range';
import { formName, sortValue, type Field, type ListParams } from './fields';

export type FormValues = Record<string, unknown>;

function stringOf(v: unknown): string {
  return typeof v === 'string' ? v.trim() : '';
}

function listOf<T>(v: unknown): T[] {
  return Array.isArray(v) ? (v as T[]) : [];
}

/** A list's state as the values of its filter form (an unset select is undefined, so it shows its placeholder). */
export function toFormValues<F>(fields: readonly Field<F>[], p: ListParams<F>): FormValues {
  const filters = p.filters as Record<string, unknown>;
  const values: FormValues = {};
  for (const f of fields) {
    if (f.kind === 'sort') values[formName(f)] = sortValue(p);
    else if (f.kind === 'dateRange') values[f.from] = rangeOf(stringOf(filters[f.from]), stringOf(filters[f.to]));
    else if (f.kind === 'modalities' || f.kind === 'rptStatus') values[f.name] = listOf(filters[f.name]);
    else if (f.kind === 'text') values[f.name] = stringOf(filters[f.name]);
    else values[f.name] = stringOf(filters[f.name]) || undefined;
  }
  return values;
}

/** The submitted form as the list's next state: first page, filters trimmed, sort from a sort field. */
export function fromFormValues<F>(fields: readonly Field<F>[], values: FormValues, p: ListParams<F>): ListParams<F> {
  const filters: Record<string, unknown> = { ...(p.filters as Record<string, unknown>) };
  let sort = { column: p.column, order: p.order };
  for (const f of fields) {
    const v = values[formName(f)];
    if (f.kind === 'sort') {
      sort = f.options.find((o) => sortValue(o.value) === v)?.value ?? sort;
    } else if (f.kind === 'dateRange') {
      const { startDate, endDate } = boundsOf(v as DateRange | undefined);
      filters[f.from] = startDate;
      filters[f.to] = endDate;
    } else if (f.kind === 'modalities' || f.kind === 'rptStatus') filters[f.name] = listOf(v);
    else filters[f.name] = stringOf(v);
  }
  return { ...p, ...sort, filters: filters as F, pageNumber: 1 };
}
