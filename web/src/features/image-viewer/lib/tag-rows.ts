import type { ImageTag } from '@shared/schemas/image-viewer';

/** One row of the tag browser's table: an element, or an item of a sequence (item: its number from 1). */
export interface TagRow extends Omit<ImageTag, 'items'> {
  key: string;
  item?: number;
  children?: TagRow[];
}

/** The header's elements as table rows; a sequence's rows are its items, an item's rows its elements. */
export function tagRows(elements: ImageTag[], prefix = ''): TagRow[] {
  return elements.map((e, i) => {
    const key = `${prefix}${i}`;
    const { items, ...fields } = e;
    if (!items) return { key, ...fields };
    const children = items.map((list, n) => ({
      key: `${key}.${n}`,
      tag: '(fffe,e000)',
      keyword: 'Item',
      vr: '',
      value: '',
      length: list.length,
      cut: false,
      item: n + 1,
      children: tagRows(list, `${key}.${n}.`),
    }));
    return { key, ...fields, children };
  });
}

/** Whether a row itself matches a filter text: its tag (with or without punctuation), keyword or value. */
function matches(row: TagRow, needle: string): boolean {
  if (row.item !== undefined) return false;
  const bare = row.tag.replace(/[(),]/g, '');
  return [row.tag, bare, row.keyword, row.value].some((s) => s.toLowerCase().includes(needle));
}

/**
 * The rows a filter keeps: those that match with all they hold, and the sequences and items on the way to
 * a match deeper down (with only what leads there). An empty filter keeps all.
 */
export function filterRows(rows: TagRow[], text: string): TagRow[] {
  const needle = text.trim().toLowerCase();
  if (!needle) return rows;
  return rows.flatMap((row) => {
    if (matches(row, needle)) return [row];
    const children = row.children ? filterRows(row.children, needle) : [];
    return children.length ? [{ ...row, children }] : [];
  });
}

/** The keys of every row that holds rows (to open them all while filtering). */
export function parentKeys(rows: TagRow[]): string[] {
  return rows.flatMap((r) => (r.children?.length ? [r.key, ...parentKeys(r.children)] : []));
}
