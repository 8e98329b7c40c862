import { useCallback, useEffect, useState } from 'react';

/** Most undo steps kept. */
const LIMIT = 100;

interface History<T> {
  past: T[];
  present: T;
  future: T[];
}

/**
 * A value with undo and redo (Ctrl+Z, Ctrl+Y or Ctrl+Shift+Z while `keys` is on). `set` records a step,
 * `reset` starts over from a value (a layout opened or saved).
 */
export function useHistory<T>(initial: T, keys: boolean) {
  const [h, setH] = useState<History<T>>({ past: [], present: initial, future: [] });
  const set = useCallback(
    (next: T | ((v: T) => T)) =>
      setH((s) => {
        const value = typeof next === 'function' ? (next as (v: T) => T)(s.present) : next;
        if (value === s.present) return s;
        return { past: [...s.past, s.present].slice(-LIMIT), present: value, future: [] };
      }),
    [],
  );
  const undo = useCallback(
    () =>
      setH((s) =>
        s.past.length
          ? { past: s.past.slice(0, -1), present: s.past[s.past.length - 1]!, future: [s.present, ...s.future] }
          : s,
      ),
    [],
  );
  const redo = useCallback(
    () =>
      setH((s) =>
        s.future.length ? { past: [...s.past, s.present], present: s.future[0]!, future: s.future.slice(1) } : s,
      ),
    [],
  );
  const reset = useCallback((value: T) => setH({ past: [], present: value, future: [] }), []);

  useEffect(() => {
    if (!keys) return;
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey)) return;
      const target = e.target as HTMLElement | null;
      // Typing in a field keeps the field's own undo.
      if (target && (target.isContentEditable || ['INPUT', 'TEXTAREA'].includes(target.tagName))) return;
      const k = e.key.toLowerCase();
      if (k === 'z' && !e.shiftKey) undo();
      else if (k === 'y' || (k === 'z' && e.shiftKey)) redo();
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [keys, undo, redo]);

  return { value: h.present, set, undo, redo, reset, canUndo: h.past.length > 0, canRedo: h.future.length > 0 };
}

export type UndoHistory<T> = ReturnType<typeof useHistory<T>>;
