import { useEffect, useState } from 'react';
import { QUEUE_ROOMS_PER_PAGE } from '@shared/constants';
import { nextPage, pageCount, pageOf } from '../lib/carousel';

/** The rooms on view: 5 per page, the next page every `seconds` while there is more than one. */
export function useCarousel<T>(items: readonly T[], seconds: number) {
  const [page, setPage] = useState(0);
  const pages = pageCount(items.length, QUEUE_ROOMS_PER_PAGE);
  useEffect(() => {
    if (pages <= 1) return;
    const id = setInterval(() => setPage((p) => nextPage(p, items.length, QUEUE_ROOMS_PER_PAGE)), seconds * 1000);
    return () => clearInterval(id);
  }, [pages, items.length, seconds]);
  const current = page % pages;
  return { page: current, pages, items: pageOf(items, current, QUEUE_ROOMS_PER_PAGE) };
}
