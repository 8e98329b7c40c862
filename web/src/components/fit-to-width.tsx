import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import './fit-to-width.css';

/** An A4 page's width in CSS pixels (210 mm at 96 px to the inch). */
export const A4_WIDTH_PX = Math.ceil((210 * 96) / 25.4);

type Fit = { scale: number; height: number };

/**
 * Content laid out `width` px wide (an A4 page), shrunk to the width it is given when that is less (a
 * phone), so all of it shows without scrolling sideways; the reader's pinch zoom still enlarges it. Wide
 * enough, and on paper, it is left as it is.
 */
export function FitToWidth({ width, children }: { width: number; children: ReactNode }) {
  const outer = useRef<HTMLDivElement>(null);
  const inner = useRef<HTMLDivElement>(null);
  const [fit, setFit] = useState<Fit | null>(null);
  useLayoutEffect(() => {
    const o = outer.current;
    const i = inner.current;
    if (!o || !i) return;
    const measure = () => {
      const room = o.clientWidth;
      const next = room > 0 && room < width ? { scale: room / width, height: i.offsetHeight } : null;
      setFit((prev) => (prev?.scale === next?.scale && prev?.height === next?.height ? prev : next));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(o);
    observer.observe(i);
    return () => observer.disconnect();
  }, [width]);
  return (
    <div
      ref={outer}
      className="ftw"
      data-testid="fit-to-width"
      data-scale={fit?.scale ?? 1}
      style={fit ? { height: fit.height * fit.scale, overflow: 'hidden' } : undefined}
    >
      <div ref={inner} className="ftw-content" style={fit ? { width, transform: `scale(${fit.scale})` } : undefined}>
        {children}
      </div>
    </div>
  );
}
