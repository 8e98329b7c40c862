const ABSOLUTE = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

/** An address that names its own scheme or host (`https:`, `data:`, `//host`): not relative to a server. */
export const isAbsoluteUrl = (url: string) => ABSOLUTE.test(url);

/** core_url: when set, API paths and relative image addresses go to that central server. */
export function withBase(base: string, path: string): string {
  const b = base.trim().replace(/\/+$/, '');
  if (!b || isAbsoluteUrl(path)) return path;
  return `${b}${path.startsWith('/') ? '' : '/'}${path}`;
}
