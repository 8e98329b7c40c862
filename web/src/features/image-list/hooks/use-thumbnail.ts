import { useEffect, useState, type RefObject } from 'react';
import type { Thumb, ThumbBatcher } from '../lib/thumb-batcher';

/**
 * One image's thumbnail, asked for with its page (`page`) once its place is on screen (a study may hold 2000
 * images); undefined while not asked or on its way. No page (a deleted image, which is not served) asks nothing.
 */
export function useThumbnail(
  batcher: ThumbBatcher,
  sop: string,
  place: RefObject<HTMLElement | null>,
  page: readonly string[] | undefined,
): Thumb | undefined {
  // What came back, with the ask it answers: a stale answer (another image or study) is not shown.
  const [got, setGot] = useState<{ batcher: ThumbBatcher; sop: string; thumb: Thumb }>();
  useEffect(() => {
    const el = place.current;
    if (!page || !el || batcher.peek(sop) !== undefined) return;
    let withdraw = () => undefined as void;
    const seen = new IntersectionObserver((entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      seen.disconnect();
      withdraw = batcher.want(sop, (thumb) => setGot({ batcher, sop, thumb }), page);
    });
    seen.observe(el);
    return () => {
      seen.disconnect();
      withdraw();
    };
  }, [batcher, sop, place, page]);
  return got?.batcher === batcher && got.sop === sop ? got.thumb : batcher.peek(sop);
}
