/** How many pages `count` rooms fill at `perPage` rooms per page (at least one, so the board is never blank). */
export function pageCount(count: number, perPage: number): number {
  return Math.max(1, Math.ceil(count / Math.max(1, perPage)));
}

/** The rooms of page `page` (0-based; a page past the end wraps around, as the carousel does). */
export function pageOf<T>(items: readonly T[], page: number, perPage: number): T[] {
  const pages = pageCount(items.length, perPage);
  const p = ((page % pages) + pages) % pages;
  return items.slice(p * perPage, p * perPage + perPage);
}

/** The page after `page`, back to the first after the last. */
export function nextPage(page: number, count: number, perPage: number): number {
  return (page + 1) % pageCount(count, perPage);
}
