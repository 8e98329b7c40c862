/**
 * Opens a page of this app (a hash route such as `/rptPrint?...`) in a new tab that starts signed in. The session
 * is one per tab, in sessionStorage; a tab opened by `window.open` with this tab as its opener starts with a copy
 * of this tab's sessionStorage (same origin only), so the token never goes into an address, the history or a
 * message. A link with `target="_blank"` or a `noopener` open starts with empty sessionStorage, i.e. signed out.
 * The opener link is cut right after, so the new tab cannot reach back into this one.
 */
export function openSignedInTab(route: string, target = '_blank'): void {
  const tab = window.open(`${window.location.pathname}#${route}`, target);
  if (tab) tab.opener = null;
}
