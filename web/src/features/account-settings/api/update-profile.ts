import { useMutation } from '@tanstack/react-query';
import type { UpdateProfile } from '@shared/schemas/account';
import type { User } from '@shared/schemas/auth';
import { apiPost } from '@web/lib/api-client';
import { setCachedUser } from './cached-user';

/** POST /user/updateProfile: the caller's own profile; the answer replaces the cached user. */
export function useUpdateProfile() {
  return useMutation({
    mutationFn: (body: UpdateProfile) => apiPost<User>('/user/updateProfile', body),
    onSuccess: setCachedUser,
  });
}
