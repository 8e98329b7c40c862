import { describe, expect, it } from 'vitest';
import { editorReducer, emptyEditor, selectedButton, toPlatformMenu, type EditorState } from './menu-editor';

const run = (...actions: Parameters<typeof editorReducer>[1][]): EditorState =>
  actions.reduce(editorReducer, emptyEditor);

describe('menu editor', () => {
  it('adds at most 3 top buttons and selects the new one (level 1)', () => {
    const s = run(...Array.from({ length: 4 }, (_, i) => ({ type: 'addTop' as const, name: `t${i}` })));
    expect(s.button.map((b) => b.name)).toEqual(['t0', 't1', 't2']);
    expect(s.selected).toEqual({ level: 1, top: 2 });
  });

  it('adds at most 5 sub buttons; the parent drops its own type and fields (level 2)', () => {
    const s = run(
      { type: 'addTop', name: 't' },
      { type: 'update', patch: { type: 'view', url: 'https://e.org' } },
      ...Array.from({ length: 6 }, (_, i) => ({ type: 'addSub' as const, top: 0, name: `s${i}` })),
    );
    expect(s.button[0]).toEqual({ name: 't', sub_button: expect.any(Array) });
    expect(s.button[0]?.sub_button).toHaveLength(5);
    expect(s.selected).toEqual({ level: 2, top: 0, sub: 4 });
  });

  it('edits and removes the selected button', () => {
    let s = run(
      { type: 'addTop', name: 't' },
      { type: 'addSub', top: 0, name: 's0' },
      { type: 'addSub', top: 0, name: 's1' },
    );
    s = editorReducer(s, { type: 'select', selected: { level: 2, top: 0, sub: 0 } });
    s = editorReducer(s, { type: 'update', patch: { name: 'renamed' } });
    expect(selectedButton(s)?.name).toBe('renamed');
    s = editorReducer(s, { type: 'remove' });
    expect(s.button[0]?.sub_button?.map((b) => b.name)).toEqual(['s1']);
    expect(s.selected).toEqual({ level: 1, top: 0 });
    s = editorReducer(s, { type: 'remove' });
    expect(s).toEqual({ button: [], selected: { level: 0 } });
  });

  it('sends the platform only the fields in use', () => {
    expect(
      toPlatformMenu([
        { name: 'a', type: 'click', key: 'K', url: '' },
        { name: 'b', type: 'click', key: '', sub_button: [{ name: 's', type: 'view', url: 'u', key: '' }] },
      ]),
    ).toEqual({
      button: [
        { name: 'a', type: 'click', key: 'K' },
        { name: 'b', sub_button: [{ name: 's', type: 'view', url: 'u' }] },
      ],
    });
  });
});
