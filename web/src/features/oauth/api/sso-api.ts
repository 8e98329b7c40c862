import { useMutation, useQuery } from '@tanstack/react-query';
import type { GetAuthToken, SsoLoginResult } from '@shared/schemas/oauth';
import { apiGet, apiPost, requestHeaders } from '@web/lib/api-client';
import type { AuthorizeRequest } from '../lib/authorize-request';
import { clientFields } from '../lib/sso-request';

/** Sign-in for an app: the normal sign-in's credentials form plus the client's request; answers the code. */
export const ssoLogin = (credentials: Record<string, string>, r: AuthorizeRequest) =>
  apiPost<SsoLoginResult>('/sso/login', { ...credentials, ...clientFields(r) }, { silent: true });

/** A code from the session this tab already holds (single sign-on: no password again). */
export const codeFromSession = (r: AuthorizeRequest) =>
  apiPost<{ auth_code: string; auth_state: string }>('/pacsAuth/getAuthToken', clientFields(r) satisfies GetAuthToken, {
    silent: true,
  });

export interface CheckAppQuery {
  client_id: string;
  user_id: string;
  client_secret: string;
}

/** GET /sso/checkApp: does the app hold a live grant of this user? */
export function useCheckApp() {
  return useMutation({
    mutationFn: (q: CheckAppQuery) =>
      apiGet<{ token: string; expires_in: number }>('/sso/checkApp', { ...q }, { silent: true }),
  });
}

/** What the authorisation endpoint says of the request: it would send the browser on, or why not. */
export type AuthorizeCheck = { ok: true } | { ok: false; detail: string };

/**
 * Asks the authorisation endpoint itself (the one rule for client and redirect URI) before any password
 * is typed: its redirect means the request is good; anything else carries why not. The redirect is not
 * followed (`manual`).
 */
export function useAuthorizeCheck(r: AuthorizeRequest) {
  return useQuery({
    queryKey: ['oauth-authorize-check', r],
    queryFn: async ({ signal }): Promise<AuthorizeCheck> => {
      const query = new URLSearchParams({
        response_type: r.response_type,
        client_id: r.client_id,
        redirect_uri: r.redirect_uri,
        code_challenge: r.code_challenge,
        code_challenge_method: r.code_challenge_method,
        ...(r.state !== null ? { state: r.state } : {}),
      });
      const res = await fetch(`/oauth/authorize?${query}`, {
        redirect: 'manual',
        headers: requestHeaders(null),
        signal,
      });
      if (res.type === 'opaqueredirect' || (res.status >= 300 && res.status < 400)) return { ok: true };
      const body = (await res.json().catch(() => ({}))) as { msg?: string; error_description?: string };
      return { ok: false, detail: body.msg ?? body.error_description ?? res.statusText };
    },
    staleTime: Infinity,
    retry: false,
  });
}
