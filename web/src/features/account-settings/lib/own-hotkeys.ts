import {
  effectiveHotkeys,
  HOTKEY_ACTIONS,
  HOTKEY_DEFAULTS,
  isAllowedCombo,
  isEditingCombo,
  type HotkeyAction,
  type Hotkeys,
} from '@shared/schemas/hotkeys';

export type RebindResult =
  | { ok: true; own: Hotkeys }
  | { ok: false; reason: 'notAllowed' }
  | { ok: false; reason: 'editing' }
  | { ok: false; reason: 'taken'; by: HotkeyAction };

/**
 * The user's own keys with one action bound to a combo (left out when it is the default, so a later change of
 * the default reaches them), or why not: a combo typing would take, one text editing uses, or one another action
 * already has.
 */
export function rebind(own: Hotkeys, action: HotkeyAction, combo: string): RebindResult {
  if (!isAllowedCombo(combo)) return { ok: false, reason: 'notAllowed' };
  if (isEditingCombo(combo)) return { ok: false, reason: 'editing' };
  const next: Hotkeys = { ...own, [action]: combo };
  if (combo === HOTKEY_DEFAULTS[action]) delete next[action];
  const keys = effectiveHotkeys(next);
  const by = HOTKEY_ACTIONS.find((a) => a !== action && keys[a] === combo);
  return by ? { ok: false, reason: 'taken', by } : { ok: true, own: next };
}
