import { useEffect, useRef, useState, type RefObject } from 'react';
import type { AskText, StackState, StackView } from '../cornerstone/stack-view';
import { loadStackView } from '../cornerstone/load';
import { earlyPreviewShownAt, removeEarlyPreview } from '../api/viewer-early';
import { markFirstImage, markStackImage, traceMark, VIEWER_MARKS } from '../lib/first-image-mark';

/**
 * The Cornerstone stack view living in an element: created once `start` (Cornerstone's code is loaded
 * then: its evaluation holds the main thread for a few hundred ms) and the element is there, gone when it unmounts, resized with it. Its overlay state (position, window, zoom) comes back as
 * React state; `view` is null until it exists.
 */
export function useStackView(element: RefObject<HTMLDivElement | null>, start: boolean, askText: AskText) {
  const [view, setView] = useState<StackView | null>(null);
  const [state, setState] = useState<StackState | null>(null);
  const [failed, setFailed] = useState('');
  /** Cornerstone has drawn its first image (the preview can go). */
  const [drawn, setDrawn] = useState(false);
  const current = useRef<StackView | null>(null);

  useEffect(() => {
    const el = element.current;
    if (!el || !start) return;
    let gone = false;
    let resize: ResizeObserver | undefined;
    loadStackView().then(
      ({ StackView: View }) => {
        traceMark(VIEWER_MARKS.cornerstoneCode);
        if (gone) return;
        const v = new View(
          el,
          setState,
          () => {
            markFirstImage(el, earlyPreviewShownAt());
            removeEarlyPreview();
            markStackImage(el);
            setDrawn(true);
          },
          askText,
          (phase) => traceMark(VIEWER_MARKS[phase]),
        );
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
  }, [element, start, askText]);

  return { view, state, failed, drawn };
}
