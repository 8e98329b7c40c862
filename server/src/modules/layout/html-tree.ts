import { parse } from 'parse5';

/**
 * The parts of parse5's default tree the MRRT import reads. parse5 parses as browsers do (WHATWG), so the
 * import sees the structure a browser would have built from the same bytes, including malformed ones.
 */
export interface HtmlNode {
  nodeName: string;
  tagName?: string;
  value?: string;
  attrs?: { name: string; value: string }[];
  childNodes?: HtmlNode[];
  parentNode?: HtmlNode | null;
}

export function parseHtml(html: string): HtmlNode {
  return parse(html) as unknown as HtmlNode;
}

export const isElement = (n: HtmlNode): boolean => typeof n.tagName === 'string';
export const tagOf = (n: HtmlNode): string => (n.tagName ?? '').toLowerCase();
export const attr = (n: HtmlNode, name: string): string | undefined => n.attrs?.find((a) => a.name === name)?.value;
export const childrenOf = (n: HtmlNode): HtmlNode[] => n.childNodes ?? [];

/** Every element below `root` in document order, walked with a stack (client input: no recursion). */
export function descendants(root: HtmlNode): HtmlNode[] {
  const out: HtmlNode[] = [];
  const stack = [...childrenOf(root)].reverse();
  while (stack.length) {
    const n = stack.pop()!;
    if (!isElement(n)) continue;
    out.push(n);
    for (let i = childrenOf(n).length - 1; i >= 0; i--) stack.push(childrenOf(n)[i]!);
  }
  return out;
}

/** The first element with this tag below `root` (document order). */
export const findFirst = (root: HtmlNode, tag: string): HtmlNode | undefined =>
  descendants(root).find((n) => tagOf(n) === tag);

/** The nearest ancestor with this tag. */
export function ancestor(n: HtmlNode, tag: string): HtmlNode | undefined {
  for (let p = n.parentNode; p; p = p.parentNode) if (tagOf(p) === tag) return p;
  return undefined;
}
