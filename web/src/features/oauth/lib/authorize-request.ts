/** The parameters of an OAuth 2.0 authorization request (RFC 6749 §4.1.1, PKCE RFC 7636 §4.3). */
export interface AuthorizeRequest {
  client_id: string;
  redirect_uri: string;
  /** Returned to the app unchanged; absent when the app sent none (then none is returned). */
  state: string | null;
  code_challenge: string;
  code_challenge_method: string;
  response_type: string;
}

/** Why the request cannot even be answered at its redirect URI (RFC 6749 §4.1.2.1: never redirect then). */
export type AuthorizeProblem = 'missingClient' | 'missingRedirect' | 'badRedirect';

export type AuthorizeParse = { ok: true; request: AuthorizeRequest } | { ok: false; problem: AuthorizeProblem };

const NAMES = ['client_id', 'redirect_uri', 'state', 'code_challenge', 'code_challenge_method', 'response_type'];

/**
 * The request's parameters from the hash route's query, falling back to the page's own query: a standards
 * client appends them to the endpoint URL's query, which sits before the `#/pacsOauth` of the hash router.
 * A parameter given twice with different values makes the request ambiguous (RFC 6749 §3.1), read as missing.
 */
export function readAuthorizeParams(hashQuery: URLSearchParams, pageQuery: URLSearchParams): Map<string, string> {
  const out = new Map<string, string>();
  for (const name of NAMES) {
    const values = [...new Set([...hashQuery.getAll(name), ...pageQuery.getAll(name)])];
    if (values.length === 1 && values[0] !== undefined) out.set(name, values[0]);
  }
  return out;
}

/**
 * A redirect URI the page could ever send the browser to: absolute http(s), no fragment (RFC 6749 §3.1.2).
 * Whether the app registered it is the server's answer; this only stops obvious junk early.
 */
export function isRedirectUriShaped(uri: string): boolean {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return false;
  }
  return (url.protocol === 'https:' || url.protocol === 'http:') && !uri.includes('#');
}

export function parseAuthorizeRequest(params: Map<string, string>): AuthorizeParse {
  const clientId = params.get('client_id') ?? '';
  const redirectUri = params.get('redirect_uri') ?? '';
  if (!clientId) return { ok: false, problem: 'missingClient' };
  if (!redirectUri) return { ok: false, problem: 'missingRedirect' };
  if (!isRedirectUriShaped(redirectUri)) return { ok: false, problem: 'badRedirect' };
  return {
    ok: true,
    request: {
      client_id: clientId,
      redirect_uri: redirectUri,
      state: params.has('state') ? (params.get('state') ?? '') : null,
      code_challenge: params.get('code_challenge') ?? '',
      code_challenge_method: params.get('code_challenge_method') ?? '',
      response_type: params.get('response_type') ?? '',
    },
  };
}

/**
 * The redirect back to the app (RFC 6749 §4.1.2): the registered URI with its own query kept byte for
 * byte, then `code` (or `error`) and `state` exactly as the app sent it.
 */
export function redirectBack(redirectUri: string, answer: Record<string, string>, state: string | null): string {
  const params = new URLSearchParams(answer);
  if (state !== null) params.set('state', state);
  const sep = redirectUri.includes('?') ? (/[?&]$/.test(redirectUri) ? '' : '&') : '?';
  return `${redirectUri}${sep}${params.toString()}`;
}
