import { useMutation } from '@tanstack/react-query';
import type { UpdatePassword } from '@shared/schemas/account';
import { request } from '@web/lib/api-client';

/** POST /user/updatePassword; resolves with the server's message. The dialog shows failures itself. */
export function useUpdatePassword() {
  return useMutation({
    mutationFn: async (body: UpdatePassword) =>
      (await request<null>('/user/updatePassword', { method: 'POST', json: body, silent: true })).msg,
  });
}
