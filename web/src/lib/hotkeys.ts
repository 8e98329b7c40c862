import { useEffect, useRef } from 'react';

/** The desk's keyboard actions (issue 41), and their keys. */
export const HOTKEYS = {
  save: 'ctrl+s',
  audit: 'ctrl+enter',
  next: 'alt+n',
  help: 'f1',
} as const;
export type HotkeyAction = keyof typeof HOTKEYS;

/** A keydown as "ctrl+alt+shift+key" (Cmd counts as Ctrl), key lower-cased; null for a bare modifier. */
export function comboOf(e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey' | 'code'>) {
  if (['Control', 'Meta', 'Alt', 'Shift'].includes(e.key)) return null;
  // Alt+letter types a special character on some layouts: the physical key names the letter then.
  const key = e.altKey && /^Key[A-Z]$/.test(e.code) ? e.code.slice(3).toLowerCase() : e.key.toLowerCase();
  return [e.ctrlKey || e.metaKey ? 'ctrl' : '', e.altKey ? 'alt' : '', e.shiftKey ? 'shift' : '', key]
    .filter(Boolean)
    .join('+');
}

/**
 * Runs the handler of a desk key pressed anywhere on the page, in a text area too (the keys all carry a modifier
 * or are function keys, so typing is never taken), and keeps the browser's own use of it (Ctrl+S saves the page).
 * Handlers may change every render; the listener stays.
 */
export function useHotkeys(handlers: Partial<Record<HotkeyAction, () => void>>, enabled = true): void {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  useEffect(() => {
    if (!enabled) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.repeat || e.isComposing) return;
      const combo = comboOf(e);
      const action = (Object.keys(HOTKEYS) as HotkeyAction[]).find((a) => HOTKEYS[a] === combo);
      const run = action && latest.current[action];
      if (!run) return;
      e.preventDefault();
      e.stopPropagation();
      run();
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [enabled]);
}
