import { useEffect } from 'react';
import type { StackState, StackView } from '../cornerstone/stack-view';

const STEP_KEYS: Record<string, number> = {
  ArrowUp: -1,
  ArrowLeft: -1,
  ArrowDown: 1,
  ArrowRight: 1,
  PageUp: -10,
  PageDown: 10,
};

/** The arrows and Page Up/Down step through the stack; Home and End go to its first and last image. */
export function useStackKeys(view: StackView | null, state: StackState | null) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const v = view;
      if (!v || !state) return;
      if (e.key in STEP_KEYS) v.scrollBy(STEP_KEYS[e.key]!);
      else if (e.key === 'Home') v.setIndex(0);
      else if (e.key === 'End') v.setIndex(state.total - 1);
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [view, state]);
}
