import { useEffect, useRef } from 'react';

/** The footer's scrolling text: `step` pixels every `intervalMs`, starting again from the right. */
export function Marquee({ text, step, intervalMs }: { text: string; step: number; intervalMs: number }) {
  const box = useRef<HTMLDivElement>(null);
  const line = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    let x = box.current?.clientWidth ?? 0;
    const id = setInterval(() => {
      const width = line.current?.offsetWidth ?? 0;
      x = x < -width ? (box.current?.clientWidth ?? 0) : x - step;
      if (line.current) line.current.style.transform = `translateX(${x}px)`;
    }, intervalMs);
    return () => clearInterval(id);
  }, [text, step, intervalMs]);
  return (
    <div ref={box} style={{ flex: 1, overflow: 'hidden', whiteSpace: 'nowrap' }} data-testid="screen-marquee">
      <span ref={line} style={{ display: 'inline-block', willChange: 'transform' }}>
        {text}
      </span>
    </div>
  );
}
