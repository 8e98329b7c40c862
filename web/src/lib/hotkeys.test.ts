import { describe, expect, it } from 'vitest';
import { comboOf, HOTKEYS } from './hotkeys';

const key = (k: string, o: Partial<KeyboardEvent> = {}) =>
  comboOf({ key: k, code: '', ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, ...o });

describe('desk keys', () => {
  it('names a keydown with its modifiers, Cmd as Ctrl, and ignores a bare modifier', () => {
    expect(key('s', { ctrlKey: true })).toBe(HOTKEYS.save);
    expect(key('S', { metaKey: true })).toBe(HOTKEYS.save);
    expect(key('Enter', { ctrlKey: true })).toBe(HOTKEYS.audit);
    expect(key('F1')).toBe(HOTKEYS.help);
    expect(key('Control', { ctrlKey: true })).toBeNull();
    expect(key('s')).toBe('s');
  });

  it('reads Alt+letter by the physical key when the layout types a special character', () => {
    expect(key('˜', { altKey: true, code: 'KeyN' })).toBe(HOTKEYS.next);
    expect(key('n', { altKey: true, code: 'KeyN' })).toBe(HOTKEYS.next);
  });

  it('binds every action to a key with a modifier or a function key, so typing never triggers one', () => {
    for (const combo of Object.values(HOTKEYS)) expect(combo).toMatch(/^(ctrl\+|alt\+)|^f\d+$/);
    expect(new Set(Object.values(HOTKEYS)).size).toBe(Object.keys(HOTKEYS).length);
  });
});
