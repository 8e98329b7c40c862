import { HOTKEY_ACTIONS, HOTKEY_DEFAULTS, type HotkeyAction } from '@shared/schemas/hotkeys';

/** The desk's keyboard actions (issue 41) and their default keys; a user may choose others (data1.hotkeys). */
export const HOTKEYS = HOTKEY_DEFAULTS;
export type { HotkeyAction };

/** A keydown as "ctrl+alt+shift+key" (Cmd counts as Ctrl), key lower-cased; null for a bare modifier. */
export function comboOf(e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey' | 'code'>) {
  if (['Control', 'Meta', 'Alt', 'Shift'].includes(e.key)) return null;
  // Alt+letter types a special character on some layouts: the physical key names the letter then.
  const key = e.altKey && /^Key[A-Z]$/.test(e.code) ? e.code.slice(3).toLowerCase() : e.key.toLowerCase();
  return [
    e.ctrlKey || e.metaKey ? 'ctrl' : '',
    e.altKey ? 'alt' : '',
    e.shiftKey ? 'shift' : '',
    key === ' ' ? 'space' : key,
  ]
    .filter(Boolean)
    .join('+');
}

/** While a new key is being recorded (the settings), the page's keys do nothing. */
export const hotkeysPause = { on: false };

/** The action bound to a combo in a set of keys, if any. */
export const actionOf = (keys: Record<HotkeyAction, string>, combo: string | null) =>
  HOTKEY_ACTIONS.find((a) => keys[a] === combo);

/** How a combo is written on the keyboard: "Ctrl + Enter". */
export const comboLabel = (combo: string) =>
  combo
    .split('+')
    .map((k) => (k.length === 1 ? k.toUpperCase() : k[0]!.toUpperCase() + k.slice(1)))
    .join(' + ');
