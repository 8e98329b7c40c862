/**
 * The image list's selection: a click toggles one image, a shift-click selects the range from the last
 * clicked image to this one (in list order), "select all" takes every image or none.
 */
export interface Selection {
  keys: ReadonlySet<string>;
  /** The last image clicked without shift: where a shift-click range starts. */
  anchor: string | null;
}

export const emptySelection: Selection = { keys: new Set(), anchor: null };

export function clickImage(sel: Selection, order: readonly string[], key: string, shift: boolean): Selection {
  const from = sel.anchor === null ? -1 : order.indexOf(sel.anchor);
  const to = order.indexOf(key);
  if (shift && from >= 0 && to >= 0) {
    const [a, b] = from < to ? [from, to] : [to, from];
    return { keys: new Set([...sel.keys, ...order.slice(a, b + 1)]), anchor: sel.anchor };
  }
  const keys = new Set(sel.keys);
  if (keys.has(key)) keys.delete(key);
  else keys.add(key);
  return { keys, anchor: key };
}

export function selectAll(sel: Selection, order: readonly string[], all: boolean): Selection {
  return { keys: all ? new Set(order) : new Set(), anchor: sel.anchor };
}

/** Keeps only keys still in the list (after a reload). */
export function keepExisting(sel: Selection, order: readonly string[]): Selection {
  const present = new Set(order);
  const keys = new Set([...sel.keys].filter((k) => present.has(k)));
  return keys.size === sel.keys.size
    ? sel
    : { keys, anchor: sel.anchor && present.has(sel.anchor) ? sel.anchor : null };
}
