import { DEFAULT_PAGE_SIZE, MODALITIES, PAGE_SIZE_OPTIONS, RPT_STATUSES } from '@shared/constants';
import { readDate, readList, readPage, readText, writeParams } from '@web/lib/url-params';
import type { Field, ListParams, ListSpec, Sort } from './fields';

type Value = string | string[] | number[];

function readField<F>(f: Field<F>, q: URLSearchParams): [string, Value][] {
  switch (f.kind) {
    case 'text':
    case 'hospital':
      return [[f.name, readText(q, f.name)]];
    case 'select': {
      const v = readText(q, f.name);
      return [[f.name, f.options.some((o) => o.value === v) ? v : '']];
    }
    case 'modalities':
      return [[f.name, readList(q, f.name).filter((m) => (MODALITIES as readonly string[]).includes(m))]];
    case 'rptStatus':
      return [
        [
          f.name,
          readList(q, f.name)
            .map(Number)
            .filter((s) => (RPT_STATUSES as readonly number[]).includes(s)),
        ],
      ];
    case 'dateRange':
      return [
        [f.from, readDate(q, f.from)],
        [f.to, readDate(q, f.to)],
      ];
    case 'sort':
      return [];
  }
}

function readSort<F>(spec: ListSpec<F>, q: URLSearchParams): Sort {
  const column = q.get('column') ?? '';
  const order = q.get('order');
  if (!spec.sortColumns.includes(column) || (order !== 'asc' && order !== 'desc')) return spec.defaultSort;
  return { column, order };
}

/**
 * Reads a list's state from its URL query, leniently: anything unexpected reads as "not set".
 * An empty query is a first visit: `firstVisit` filters apply (the favourites default to today).
 */
export function parseListParams<F>(spec: ListSpec<F>, q: URLSearchParams, firstVisit?: Partial<F>): ListParams<F> {
  const size = Number(q.get('pageSize'));
  const read = Object.fromEntries(spec.fields.flatMap((f) => readField(f, q))) as Partial<F>;
  const filters: F = { ...spec.empty, ...read, ...(q.toString() === '' ? firstVisit : undefined) };
  return {
    filters,
    pageNumber: readPage(q),
    pageSize: (PAGE_SIZE_OPTIONS as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
    ...readSort(spec, q),
  };
}

/** Writes what is set and differs from the defaults, but always the page, so a search is never an empty URL. */
export function writeListParams<F>(spec: ListSpec<F>, p: ListParams<F>): URLSearchParams {
  const isDefaultSort = p.column === spec.defaultSort.column && p.order === spec.defaultSort.order;
  return writeParams({
    ...(p.filters as Record<string, Value>),
    pageNumber: p.pageNumber,
    pageSize: p.pageSize === DEFAULT_PAGE_SIZE ? '' : p.pageSize,
    column: isDefaultSort ? '' : p.column,
    order: isDefaultSort ? '' : p.order,
  });
}

/**
 * What a search does: the query to put in the URL (null when the URL already holds it), and whether it asks
 * for a different list than `current` (false: the caller reloads the list shown).
 */
export function planSearch<F>(
  spec: ListSpec<F>,
  raw: string,
  current: ListParams<F>,
  next: ListParams<F>,
): { query: URLSearchParams | null; changed: boolean } {
  const q = writeListParams(spec, next);
  return {
    query: q.toString() === raw ? null : q,
    changed: JSON.stringify(parseListParams(spec, q)) !== JSON.stringify(current),
  };
}

/** The set filters only (text trimmed), as the list endpoints take them. */
export function setFilters<F>(filters: F): Partial<F> {
  const out: Record<string, Value> = {};
  for (const [k, v] of Object.entries(filters as Record<string, Value>)) {
    const value = typeof v === 'string' ? v.trim() : v;
    if (value.length > 0) out[k] = value;
  }
  return out as Partial<F>;
}
