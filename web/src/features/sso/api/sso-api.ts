import { useMutation } from '@tanstack/react-query';
import type { GetAuthToken, SsoLoginResult } from '@shared/schemas/apps';
import { apiGet, apiPost } from '@web/lib/api-client';
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
