import { useEffect, useRef, useState, type RefObject } from 'react';
import type { StackState, StackView } from '../cornerstone/stack-view';
import { loadStackView } from '../cornerstone/load';
import { markFirstImage } from '../lib/first-image-mark';

/**
 * The Cornerstone stack view living in an element: created when Cornerstone has loaded and the element is
 * there, gone when it unmounts, resized with it. Its overlay state (position, window, zoom) comes back as
 * React state; `view` is null until it exists.
 */
export function useStackView(element: RefObject<HTMLDivElement | null>) {
  const [view, setView] = useState<StackView | null>(null);
  const [state, setState] = useState<StackState | null>(null);
  const [failed, setFailed] = useState('');
  const current = useRef<StackView | null>(null);

  useEffect(() => {
    const el = element.current;
    if (!el) return;
    let gone = false;
    let resize: ResizeObserver | undefined;
    loadStackView().then(
      ({ StackView: View }) => {
        if (gone) return;
        const v = new View(el, setState, () => markFirstImage(el));
        current.current = v;
        resize = new ResizeObserver(() => v.resize());
        resize.observe(el);
        setView(v);
      },
      (e: unknown) => !gone && setFailed(String(e)),
    );
    return () => {
      gone = true;
      resize?.disconnect();
      current.current?.dispose();
      current.current = null;
      setView(null);
    };
  }, [element]);

  return { view, state, failed };
}
