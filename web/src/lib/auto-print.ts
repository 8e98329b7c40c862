import { type RefObject, useEffect, useRef, useState } from 'react';
import { useReportTexts } from './report-texts';

/** Resolves when every image under root has loaded or failed (a broken image must not block printing). */
export function imagesSettled(root: HTMLElement): Promise<void> {
  const pending = Array.from(root.querySelectorAll('img')).filter((img) => !img.complete);
  return Promise.all(
    pending.map(
      (img) =>
        new Promise<void>((resolve) => {
          img.addEventListener('load', () => resolve(), { once: true });
          img.addEventListener('error', () => resolve(), { once: true });
        }),
    ),
  ).then(() => undefined);
}

/**
 * Once the document is on screen (`rendered`, and the report's own words loaded: until then the
 * document is an empty placeholder): waits for its images and fonts, reports readiness, and when asked
 * prints after `delayMs`, then with `closeAfter` closes the tab (the print dialog blocks until the user
 * is done; `print`, e.g. silent printing through the agent, resolves when the tab may close).
 */
export function useAutoPrint(
  rootRef: RefObject<HTMLElement | null>,
  opts: {
    rendered: boolean;
    autoPrint: boolean;
    delayMs?: number;
    closeAfter?: boolean;
    print?: () => Promise<unknown>;
  },
): boolean {
  const [ready, setReady] = useState(false);
  const { autoPrint, delayMs = 0, closeAfter = false } = opts;
  const words = useReportTexts();
  const rendered = opts.rendered && !!words;
  // The latest print function without restarting the wait when the page re-renders.
  const printRef = useRef(opts.print);
  useEffect(() => {
    printRef.current = opts.print;
  });
  useEffect(() => {
    const root = rootRef.current;
    if (!rendered || !root) return;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    void Promise.all([imagesSettled(root), document.fonts.ready]).then(() => {
      if (cancelled) return;
      setReady(true);
      if (!autoPrint) return;
      timer = setTimeout(() => {
        const print = printRef.current ?? (async () => window.print());
        void print()
          .catch(() => window.print())
          .finally(() => closeAfter && window.close());
      }, delayMs);
    });
    return () => {
      cancelled = true;
      if (timer) clearTimeout(timer);
    };
  }, [rootRef, rendered, autoPrint, delayMs, closeAfter]);
  return ready;
}
