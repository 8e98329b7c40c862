import { describe, expect, it } from 'vitest';
import {
  clashingActions,
  effectiveHotkeys,
  HotkeysSchema,
  isAllowedCombo,
  isEditingCombo,
} from '@shared/schemas/hotkeys';
import { rebind } from './own-hotkeys';

describe('own hotkeys', () => {
  it('allows a combo with Ctrl or Alt, or a function key, and never a key typing would take', () => {
    for (const c of ['ctrl+s', 'ctrl+shift+s', 'alt+n', 'ctrl+alt+enter', 'f2', 'shift+f12', 'ctrl+space', 'alt+/'])
      expect(isAllowedCombo(c), c).toBe(true);
    for (const c of [
      's',
      'shift+s',
      'enter',
      'space',
      'f13',
      'f0',
      'ctrl+',
      'ctrl+shift',
      'shift+ctrl+s',
      'ctrl+ab',
      'ctrl++',
      '',
    ])
      expect(isAllowedCombo(c), c).toBe(false);
  });

  it('refuses the combos typing in a report uses to edit text, and nothing else with Ctrl', () => {
    const editing = ['ctrl+c', 'ctrl+v', 'ctrl+x', 'ctrl+z', 'ctrl+y', 'ctrl+a', 'ctrl+shift+z', 'ctrl+shift+v',
      'ctrl+insert', 'ctrl+backspace', 'ctrl+delete', 'ctrl+arrowleft', 'ctrl+shift+arrowright', 'ctrl+home',
      'ctrl+end']; // prettier-ignore
    for (const c of editing) {
      expect(isEditingCombo(c), c).toBe(true);
      expect(
        HotkeysSchema.safeParse({ help: c }).error?.issues.map((i) => i.message),
        c,
      ).toEqual(['msg:hotkeyEditing']);
      expect(rebind({}, 'help', c), c).toEqual({ ok: false, reason: 'editing' });
    }
    for (const c of ['ctrl+s', 'ctrl+enter', 'ctrl+alt+c', 'alt+c', 'ctrl+b', 'ctrl+shift+s', 'f2', 'alt+arrowleft'])
      expect(isEditingCombo(c), c).toBe(false);
    expect(rebind({}, 'help', 'ctrl+alt+c')).toEqual({ ok: true, own: { help: 'ctrl+alt+c' } });
  });

  it("lays the user's keys over the defaults and finds an action sharing another's combo", () => {
    expect(effectiveHotkeys({ save: 'ctrl+shift+s' })).toEqual({
      save: 'ctrl+shift+s',
      audit: 'ctrl+enter',
      next: 'alt+n',
      help: 'f1',
    });
    expect(effectiveHotkeys(undefined).save).toBe('ctrl+s');
    expect(clashingActions({ next: 'ctrl+s' })).toEqual(['next']);
    expect(clashingActions({ save: 'f2', next: 'ctrl+s' })).toEqual([]);
  });

  it('refuses unknown actions, bare keys and shared combos in data1.hotkeys', () => {
    expect(HotkeysSchema.safeParse({ save: 'ctrl+shift+s' }).success).toBe(true);
    expect(HotkeysSchema.safeParse({ print: 'ctrl+p' }).success).toBe(false);
    expect(HotkeysSchema.safeParse({ save: 'x' }).success).toBe(false);
    const dup = HotkeysSchema.safeParse({ audit: 'alt+n' });
    expect(dup.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['next', 'msg:hotkeyDuplicate']]);
  });

  it('rebinds an action, leaves a default out, and says which action already has the combo', () => {
    expect(rebind({}, 'save', 'ctrl+shift+s')).toEqual({ ok: true, own: { save: 'ctrl+shift+s' } });
    expect(rebind({ save: 'ctrl+shift+s' }, 'save', 'ctrl+s')).toEqual({ ok: true, own: {} });
    expect(rebind({}, 'save', 'alt+n')).toEqual({ ok: false, reason: 'taken', by: 'next' });
    expect(rebind({}, 'save', 'q')).toEqual({ ok: false, reason: 'notAllowed' });
    // Back to its default while another action holds it now.
    expect(rebind({ save: 'f2', next: 'ctrl+s' }, 'save', 'ctrl+s')).toEqual({
      ok: false,
      reason: 'taken',
      by: 'next',
    });
  });
});
