import { useEffect } from 'react';
import type { StackView } from '../cornerstone/stack-view';

export const CINE_FPS = { min: 1, max: 30, initial: 10 } as const;

/**
 * Cine: the stack plays at a frame rate while `playing`, from the image on view, back to the first after the
 * last. The stack's own prefetch keeps the images ahead loaded; a slow one only holds its frame longer.
 */
export function useCine(view: StackView | null, playing: boolean, fps: number) {
  useEffect(() => {
    if (!view || !playing) return;
    const rate = Math.min(Math.max(fps, CINE_FPS.min), CINE_FPS.max);
    const timer = setInterval(() => view.advance(), 1000 / rate);
    return () => clearInterval(timer);
  }, [view, playing, fps]);
}
