import { MENU_MAX_SUB, MENU_MAX_TOP, type MenuButton, type MenuSubButton } from '@shared/schemas/wechat-menu';

/** Spec: the selected level is 0 (nothing), 1 (a top button) or 2 (a sub button). */
export type Selection = { level: 0 } | { level: 1; top: number } | { level: 2; top: number; sub: number };

export interface EditorState {
  button: MenuButton[];
  selected: Selection;
}

export type EditorAction =
  | { type: 'load'; button: MenuButton[] }
  | { type: 'select'; selected: Selection }
  | { type: 'addTop'; name: string }
  | { type: 'addSub'; top: number; name: string }
  | { type: 'update'; patch: Partial<MenuSubButton> }
  | { type: 'remove' };

export const emptyEditor: EditorState = { button: [], selected: { level: 0 } };

/** The button the selection points at, if any. */
export function selectedButton(s: EditorState): MenuButton | MenuSubButton | undefined {
  const sel = s.selected;
  if (sel.level === 0) return undefined;
  const top = s.button[sel.top];
  return sel.level === 1 ? top : top?.sub_button?.[sel.sub];
}

function patchAt(s: EditorState, patch: Partial<MenuSubButton>): MenuButton[] {
  const sel = s.selected;
  if (sel.level === 0) return s.button;
  return s.button.map((b, i) => {
    if (i !== sel.top) return b;
    if (sel.level === 1) return { ...b, ...patch };
    return { ...b, sub_button: (b.sub_button ?? []).map((x, j) => (j === sel.sub ? { ...x, ...patch } : x)) };
  });
}

function removeAt(s: EditorState): EditorState {
  const sel = s.selected;
  if (sel.level === 0) return s;
  if (sel.level === 1) return { button: s.button.filter((_, i) => i !== sel.top), selected: { level: 0 } };
  const button = s.button.map((b, i) =>
    i === sel.top ? { ...b, sub_button: (b.sub_button ?? []).filter((_, j) => j !== sel.sub) } : b,
  );
  return { button, selected: { level: 1, top: sel.top } };
}

/** A top button that gets its first sub button stops being a leaf: its own type and fields go. */
function asParent(b: MenuButton): MenuButton {
  return { name: b.name, sub_button: b.sub_button ?? [] };
}

export function editorReducer(s: EditorState, a: EditorAction): EditorState {
  switch (a.type) {
    case 'load':
      return { button: a.button, selected: { level: 0 } };
    case 'select':
      return { ...s, selected: a.selected };
    case 'addTop':
      if (s.button.length >= MENU_MAX_TOP) return s;
      return {
        button: [...s.button, { name: a.name, type: 'click', key: '' }],
        selected: { level: 1, top: s.button.length },
      };
    case 'addSub': {
      const parent = s.button[a.top];
      if (!parent || (parent.sub_button?.length ?? 0) >= MENU_MAX_SUB) return s;
      const subs = [...(parent.sub_button ?? []), { name: a.name, type: 'click', key: '' }];
      const button = s.button.map((b, i) => (i === a.top ? { ...asParent(b), sub_button: subs } : b));
      return { button, selected: { level: 2, top: a.top, sub: subs.length - 1 } };
    }
    case 'update':
      return { ...s, button: patchAt(s, a.patch) };
    case 'remove':
      return removeAt(s);
  }
}

/** The menu as the platform takes it: empty fields and empty sub lists left out. */
export function toPlatformMenu(button: MenuButton[]): { button: MenuButton[] } {
  const clean = <T extends MenuSubButton>(b: T): T =>
    Object.fromEntries(Object.entries(b).filter(([, v]) => v !== '' && v !== undefined)) as T;
  return {
    button: button.map((b) => {
      const subs = b.sub_button ?? [];
      return subs.length ? { name: b.name, sub_button: subs.map(clean) } : clean({ ...b, sub_button: undefined });
    }),
  };
}
