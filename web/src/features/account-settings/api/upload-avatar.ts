import { useMutation } from '@tanstack/react-query';
import type { Envelope } from '@shared/errors';
import type { User } from '@shared/schemas/auth';
import { buildUrl, handleFailure } from '@web/lib/api-client';
import { ApiError } from '@web/lib/api-error';
import { currentLocale, i18n } from '@web/lib/i18n';
import { useSessionStore } from '@web/lib/session-store';
import { setCachedUser } from './cached-user';

/** POST /user/uploadAvatar (multipart `file`); failures show as any call's do. */
async function uploadAvatar(file: File): Promise<User> {
  const token = useSessionStore.getState().token;
  const body = new FormData();
  body.set('file', file, file.name);
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': currentLocale() };
  if (token) headers.Authorization = `Bearer ${token}`;
  let res: Response;
  let env: Envelope<User> | null;
  try {
    res = await fetch(buildUrl('/user/uploadAvatar'), { method: 'POST', headers, body });
    env = (await res.json().catch(() => null)) as Envelope<User> | null;
  } catch {
    const err = new ApiError(0, 'NETWORK', i18n.t('common:errors.network'));
    handleFailure(err, !!token, false);
    throw err;
  }
  if (!res.ok || !env || env.success === false) {
    const err = new ApiError(
      res.status,
      env?.error ?? 'INTERNAL',
      env?.msg ?? i18n.t('common:errors.generic'),
      env?.code,
    );
    handleFailure(err, !!token, false);
    throw err;
  }
  return env.data;
}

export function useUploadAvatar() {
  return useMutation({ mutationFn: uploadAvatar, onSuccess: setCachedUser });
}
