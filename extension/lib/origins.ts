/** Loopback hosts the extension serves out of the box, at any port (issue 5). */
const DEFAULT_HOSTS = new Set(['localhost', '127.0.0.1']);

/** `scheme://host[:port]` of an http(s) address typed by an administrator, or null if it is not one. */
export function normalizeOrigin(input: string): string | null {
  try {
    const u = new URL(input.trim());
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
    if (u.username || u.password || (u.pathname !== '/' && u.pathname !== '') || u.search || u.hash) return null;
    return u.origin;
  } catch {
    return null;
  }
}

export function isDefaultOrigin(origin: string): boolean {
  try {
    const u = new URL(origin);
    return u.protocol === 'http:' && DEFAULT_HOSTS.has(u.hostname);
  } catch {
    return false;
  }
}

/** Exact match on scheme, host and port for configured origins; loopback http at any port by default. */
export function originAllowed(origin: string, configured: readonly string[]): boolean {
  return isDefaultOrigin(origin) || configured.includes(origin);
}

/**
 * Match pattern for an origin's host permission and content script. Chrome's patterns do not
 * carry ports, so the pattern covers the host; the background still checks the exact origin.
 */
export function originPattern(origin: string): string {
  const u = new URL(origin);
  return `${u.protocol}//${u.hostname}/*`;
}

/** The agent is always on this machine: only loopback http(s) addresses are accepted. */
export function normalizeAgentUrl(input: string): string | null {
  const o = normalizeOrigin(input);
  if (!o) return null;
  return ['127.0.0.1', 'localhost', '[::1]'].includes(new URL(o).hostname) ? o : null;
}
