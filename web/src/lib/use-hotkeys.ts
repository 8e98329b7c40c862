import { useEffect, useRef } from 'react';
import { effectiveHotkeys, type HotkeyAction } from '@shared/schemas/hotkeys';
import { actionOf, comboOf, hotkeysPause } from './hotkeys';
import { useUserInfo } from './user-info';

/** The signed-in user's keys: their own (data1.hotkeys) over the defaults. */
export function useEffectiveHotkeys(): Record<HotkeyAction, string> {
  return effectiveHotkeys(useUserInfo().data?.user.data1.hotkeys);
}

/**
 * Runs the handler of a desk key pressed anywhere on the page, in a text area too (the keys all carry a modifier
 * or are function keys, so typing is never taken), and keeps the browser's own use of it (Ctrl+S saves the page).
 * The keys are the signed-in user's. Handlers may change every render; the listener stays.
 */
export function useHotkeys(handlers: Partial<Record<HotkeyAction, () => void>>, enabled = true): void {
  const keys = useEffectiveHotkeys();
  const latest = useRef({ handlers, keys });
  useEffect(() => {
    latest.current = { handlers, keys };
  });
  useEffect(() => {
    if (!enabled) return;
    const onKey = (e: KeyboardEvent) => {
      if (hotkeysPause.on || e.repeat || e.isComposing) return;
      const action = actionOf(latest.current.keys, comboOf(e));
      const run = action && latest.current.handlers[action];
      if (!run) return;
      e.preventDefault();
      e.stopPropagation();
      run();
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [enabled]);
}
