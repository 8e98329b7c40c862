import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SignImage } from '@shared/schemas/image-asset';
import { apiPost, apiPostForm } from '@web/lib/api-client';

const key = (pk: number) => ['admin-users', 'sign', pk] as const;

/** POST /user/userSign: a managed user's signature image address ('' none). */
export const useUserSign = (pk: number | undefined) =>
  useQuery({
    queryKey: key(pk ?? 0),
    enabled: pk !== undefined,
    queryFn: () => apiPost<SignImage>('/user/userSign', { pk }),
  });

/** Upload (POST /user/uploadUserSign) or remove (POST /user/deleteUserSign) a managed user's signature image. */
export function useSetUserSign(pk: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (file: File | null) => {
      if (!file) return apiPost<SignImage>('/user/deleteUserSign', { pk }, { silent: true });
      const form = new FormData();
      form.set('pk', String(pk));
      form.set('file', file, file.name);
      return apiPostForm<SignImage>('/user/uploadUserSign', form, { silent: true });
    },
    onSuccess: (data) => qc.setQueryData(key(pk), data),
  });
}
