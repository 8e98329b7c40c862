import { useMutation } from '@tanstack/react-query';
import type { User } from '@shared/schemas/auth';
import type { CertBinding, CertChallenge, CertLoginResult, CertProof, CertPurpose } from '@shared/schemas/cert';
import { apiPost, request } from '@web/lib/api-client';
import { queryClient } from '@web/lib/query-client';
import { useSessionStore } from '@web/lib/session-store';
import { userInfoQuery } from '@web/lib/user-info';

/** A single-use challenge; the caller shows failures itself. */
export const fetchChallenge = (purpose: CertPurpose) =>
  apiPost<CertChallenge>('/cert/challenge', { purpose }, { silent: true });

/** The certificate sign-in: the same result as the password sign-in plus the certificate's validity. */
export async function certLogin(proof: CertProof): Promise<CertLoginResult> {
  return (await request<CertLoginResult>('/cert/login', { method: 'POST', json: proof, silent: true })).data;
}

export async function certBind(proof: CertProof): Promise<{ binding: CertBinding; msg: string }> {
  const env = await request<CertBinding>('/cert/bind', { method: 'POST', json: proof, silent: true });
  return { binding: env.data, msg: env.msg };
}

/** Keeps the cached user's usb_key in step with a bind or unbind. */
function setUsbKey(usb_key: string) {
  const key = userInfoQuery(useSessionStore.getState().token).queryKey;
  queryClient.setQueryData(key, (old) => (old ? { ...old, user: { ...old.user, usb_key } as User } : old));
}

export function useCertUnbind() {
  return useMutation({
    mutationFn: async () => (await request<null>('/cert/unbind', { method: 'POST', json: {} })).msg,
    onSuccess: () => setUsbKey(''),
  });
}

export const rememberBinding = (b: CertBinding) => setUsbKey(b.usb_key);
