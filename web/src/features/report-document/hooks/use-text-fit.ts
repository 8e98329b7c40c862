import { type RefObject, useLayoutEffect, useRef, useState } from 'react';
import { TOOL_LIMITS } from '@shared/report/document';

interface TextFitOptions {
  pageRef: RefObject<HTMLElement | null>;
  /** Font size the texts start from (the Tool tab's). */
  base: number;
  /** Line height at the base font; it shrinks in proportion. */
  lineHeight: number;
  /** Font scaling (the Tool tab's, default on); off: the base font stays and overflow is told at once. */
  shrink?: boolean;
  /** Changes whenever anything on the page that takes room changes (texts, typed values, template). */
  contentKey: string;
  /** Called once each time the page starts overflowing at the smallest font. */
  onOverflow?: () => void;
}

export interface TextFit {
  font: number;
  /** Still too long at the smallest font. */
  overflow: boolean;
}

const PAGE_HEIGHT = '297mm';

export const lineHeightFor = (font: number, base: number, lineHeight: number) =>
  Math.round(((lineHeight * font) / base) * 100) / 100;

/**
 * Text overflow (spec section 5): when the page content no longer fits the A4 page, the page texts shrink
 * by 1 px at a time down to 12 px; if it still does not fit, onOverflow. Measured in one layout pass
 * (before paint) by setting the font on the DOM and reading the page's scroll height, then kept in state
 * so React renders the same font. Text boxes grow with their text so the page is what overflows.
 */
export function useTextFit({
  pageRef,
  base,
  lineHeight,
  shrink = true,
  contentKey,
  onOverflow,
}: TextFitOptions): TextFit {
  const [fit, setFit] = useState<TextFit>({ font: base, overflow: false });
  const overflowed = useRef(false);
  const onOverflowRef = useRef(onOverflow);
  useLayoutEffect(() => {
    onOverflowRef.current = onOverflow;
  });
  useLayoutEffect(() => {
    const page = pageRef.current;
    if (!page) return;
    const boxes = Array.from(page.querySelectorAll<HTMLElement>('[data-page-text]'));
    const apply = (f: number) => {
      for (const box of boxes) {
        box.style.fontSize = `${f}px`;
        box.style.lineHeight = `${lineHeightFor(f, base, lineHeight)}px`;
        if (box instanceof HTMLTextAreaElement) {
          box.style.height = 'auto';
          box.style.height = `${box.scrollHeight}px`;
        }
      }
    };
    const overflows = () => page.scrollHeight > page.clientHeight + 1;
    // Measure against the A4 box even when an overflowing print page was let grow.
    page.style.height = PAGE_HEIGHT;
    page.style.overflow = 'hidden';
    let f = base;
    apply(f);
    const min = shrink ? TOOL_LIMITS.overflowMinFont : base;
    while (f > min && overflows()) apply(--f);
    const over = overflows();
    page.style.height = '';
    page.style.overflow = '';
    setFit({ font: f, overflow: over });
    if (over && !overflowed.current) onOverflowRef.current?.();
    overflowed.current = over;
  }, [pageRef, base, lineHeight, shrink, contentKey]);
  return fit;
}
