import type { SsoLogin } from '@shared/schemas/oauth';
import { isApiError } from '@web/lib/api-error';
import type { AuthorizeRequest } from './authorize-request';

/** The client's part of /sso/login and /pacsAuth/getAuthToken, from the authorization request. */
export const clientFields = (r: AuthorizeRequest) => ({
  client_id: r.client_id,
  redirectUri: r.redirect_uri,
  state: r.state ?? '',
  code_challenge: r.code_challenge,
  code_challenge_method: r.code_challenge_method as SsoLogin['code_challenge_method'],
});

/**
 * A refusal of the request itself (unknown app, unregistered redirect URI, a malformed PKCE challenge):
 * the page must not send the browser back then (RFC 6749 §4.1.2.1); sign-in refusals stay on the form.
 */
export function isRequestRefusal(e: unknown): boolean {
  if (!isApiError(e)) return false;
  if (e.error === 'OAUTH_CLIENT' || e.error === 'OAUTH_REDIRECT') return true;
  const requestFields = new Set(['client_id', 'redirectUri', 'state', 'code_challenge', 'code_challenge_method']);
  return e.status === 400 && e.fieldErrors.some((f) => requestFields.has(f.field));
}
