import type { Page } from '@shared/schemas/common';
import type { ListQuery } from '@shared/schemas/list';
import type { ListParams } from './fields';
import { setFilters } from './list-url';

type ListQueryString = ListQuery & { pageNumber: number; pageSize: number };

/** The generic list query of spec section 7 (GET query string): filters as JSON text, only the set ones. */
export function listQuery<F>(p: ListParams<F>): ListQueryString {
  const filters = setFilters(p.filters);
  return {
    pageNumber: p.pageNumber,
    pageSize: p.pageSize,
    column: p.column,
    order: p.order,
    ...(Object.keys(filters).length > 0 ? { filters: JSON.stringify(filters) } : {}),
  };
}

/** The export's query: the list's sort and filters, no paging (the server exports every matching row). */
export function exportQuery<F>(p: ListParams<F>): Omit<ListQueryString, 'pageNumber' | 'pageSize'> {
  const { pageNumber: _n, pageSize: _s, ...rest } = listQuery(p);
  return rest;
}

/** For calls that answer every row (a department has a handful of stations or layouts): the page is cut here. */
export function pageOfRows<T>(rows: T[], pageNumber: number, pageSize: number): Page<T> {
  const totalPage = Math.ceil(rows.length / pageSize);
  return {
    list: rows.slice((pageNumber - 1) * pageSize, pageNumber * pageSize),
    totalRow: rows.length,
    totalPage,
    pageNumber,
    pageSize,
  };
}
