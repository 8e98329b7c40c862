import { describe, expect, it } from 'vitest';
import { clickImage, emptySelection, keepExisting, selectAll } from './selection';

const order = ['a', 'b', 'c', 'd', 'e'];
const keys = (s: { keys: ReadonlySet<string> }) => [...s.keys].sort();

describe('image list selection', () => {
  it('a click toggles one image and becomes the anchor', () => {
    const one = clickImage(emptySelection, order, 'b', false);
    expect(keys(one)).toEqual(['b']);
    expect(one.anchor).toBe('b');
    expect(keys(clickImage(one, order, 'b', false))).toEqual([]);
  });

  it('a shift-click adds the range from the anchor, in either direction, keeping what was selected', () => {
    let s = clickImage(emptySelection, order, 'a', false);
    s = clickImage(s, order, 'd', false);
    expect(keys(clickImage(s, order, 'b', true))).toEqual(['a', 'b', 'c', 'd']);
    expect(keys(clickImage(s, order, 'e', true))).toEqual(['a', 'd', 'e']);
  });

  it('a shift-click without an anchor selects just that image', () => {
    expect(keys(clickImage(emptySelection, order, 'c', true))).toEqual(['c']);
  });

  it('select all takes every image, or none', () => {
    const all = selectAll(emptySelection, order, true);
    expect(keys(all)).toEqual(order);
    expect(keys(selectAll(all, order, false))).toEqual([]);
  });

  it('drops keys no longer listed', () => {
    const s = selectAll(clickImage(emptySelection, order, 'e', false), order, true);
    const kept = keepExisting(s, ['a', 'b']);
    expect(keys(kept)).toEqual(['a', 'b']);
    expect(kept.anchor).toBeNull();
    expect(keepExisting(kept, ['a', 'b'])).toBe(kept);
  });
});
