import { z } from 'zod';
import { msg } from './common';

/** The desk's keyboard actions (issue 41) and their default keys, as `comboOf` writes a keydown. */
export const HOTKEY_DEFAULTS = {
  save: 'ctrl+s',
  audit: 'ctrl+enter',
  next: 'alt+n',
  help: 'f1',
} as const;
export type HotkeyAction = keyof typeof HOTKEY_DEFAULTS;
export const HOTKEY_ACTIONS = Object.keys(HOTKEY_DEFAULTS) as HotkeyAction[];

const NAMED_KEYS = new Set([
  'enter', 'space', 'tab', 'escape', 'backspace', 'delete', 'insert', 'home', 'end', 'pageup', 'pagedown',
  'arrowup', 'arrowdown', 'arrowleft', 'arrowright',
]); // prettier-ignore
const FUNCTION_KEY = /^f([1-9]|1[0-2])$/;

/**
 * A combo a user may bind: "ctrl+alt+shift+key" (modifiers optional, in that order), the key one printable ASCII
 * character or a named key; it carries Ctrl or Alt, or its key is F1-F12, so typing in a report never runs it.
 */
export function isAllowedCombo(combo: string): boolean {
  const m = /^(ctrl\+)?(alt\+)?(shift\+)?(.+)$/.exec(combo);
  const key = m?.[4] ?? '';
  const known = /^[\x21-\x2a\x2c-\x7e]$/.test(key) || NAMED_KEYS.has(key) || FUNCTION_KEY.test(key);
  return known && (!!m?.[1] || !!m?.[2] || FUNCTION_KEY.test(key));
}

/**
 * What typing in a report needs Ctrl (with or without Shift) for: select all, copy, paste, cut, undo and redo, and
 * moving, selecting or deleting by word (Ctrl+Insert copies on Windows). Bound to an action, the desk would take
 * them from the text; Ctrl+S (save) and Ctrl+Enter (audit) are the desk's own.
 */
const EDITING_KEYS = new Set(['a', 'c', 'v', 'x', 'y', 'z', 'insert', 'backspace', 'delete', 'home', 'end',
  'arrowleft', 'arrowright', 'arrowup', 'arrowdown']); // prettier-ignore

/** A combo text editing uses: "ctrl+c", "ctrl+shift+z", "ctrl+arrowleft"... (see EDITING_KEYS). */
export function isEditingCombo(combo: string): boolean {
  const m = /^ctrl\+(shift\+)?(.+)$/.exec(combo);
  return !!m && EDITING_KEYS.has(m[2]!);
}

/** The keys in force: the user's own over the defaults. */
export function effectiveHotkeys(own: Partial<Record<HotkeyAction, string>> | undefined): Record<HotkeyAction, string> {
  return { ...HOTKEY_DEFAULTS, ...own };
}

/** Actions sharing a combo with an earlier action, once the user's keys are laid over the defaults. */
export function clashingActions(own: Partial<Record<HotkeyAction, string>> | undefined): HotkeyAction[] {
  const keys = effectiveHotkeys(own);
  return HOTKEY_ACTIONS.filter((a, i) => HOTKEY_ACTIONS.slice(0, i).some((b) => keys[b] === keys[a]));
}

const ComboSchema = z
  .string()
  .max(40)
  .refine(isAllowedCombo, msg('hotkeyCombo'))
  .refine((c) => !isEditingCombo(c), msg('hotkeyEditing'));

/** The user's own key bindings (data1.hotkeys): known actions only, allowed combos, none shared. */
export const HotkeysSchema = z
  .strictObject({
    save: ComboSchema.optional(),
    audit: ComboSchema.optional(),
    next: ComboSchema.optional(),
    help: ComboSchema.optional(),
  } satisfies Record<HotkeyAction, unknown>)
  .superRefine((own, ctx) => {
    for (const a of clashingActions(own)) ctx.addIssue({ code: 'custom', path: [a], ...msg('hotkeyDuplicate') });
  });
export type Hotkeys = z.infer<typeof HotkeysSchema>;

/**
 * A user's stored keys read under today's rules: a combo saved before a rule refused it (an editing combo) is left
 * out, so its action is back on its default, and the user's other keys and settings stay; none of them when that
 * would leave two actions on one combo.
 */
export function keptHotkeys(stored: unknown): Hotkeys {
  if (!stored || typeof stored !== 'object') return {};
  const kept = Object.fromEntries(
    Object.entries(stored).filter(
      ([a, c]) => HOTKEY_ACTIONS.includes(a as HotkeyAction) && ComboSchema.safeParse(c).success,
    ),
  ) as Hotkeys;
  return HotkeysSchema.safeParse(kept).success ? kept : {};
}
