import { useMutation } from '@tanstack/react-query';
import { apiPost } from '@web/lib/api-client';

/** Lock screen: the signed-in user's password (a wrong one counts toward the account lock). */
export const useCheckPassword = () =>
  useMutation({
    mutationFn: (password: string) => apiPost<null>('/user/checkPassword', { password }, { silent: true }),
  });
