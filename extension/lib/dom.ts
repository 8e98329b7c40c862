import { browser } from 'wxt/browser';

/** Text of the extension's _locales (the browser picks zh_CN or en). */
export const msg = (key: string, sub?: string): string =>
  (browser.i18n as unknown as { getMessage: (k: string, s?: string) => string }).getMessage(key, sub) || key;

/** An element with text and attributes; text goes through textContent, never HTML. */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string> = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  for (const c of children) e.append(c);
  return e;
}
