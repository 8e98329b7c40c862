import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SignImage } from '@shared/schemas/image-asset';
import { apiGet, apiPost, apiPostForm } from '@web/lib/api-client';

const key = ['user', 'sign'] as const;

/** GET /user/sign: the signed-in user's signature image address ('' none). */
export const useOwnSign = () => useQuery({ queryKey: key, queryFn: () => apiGet<SignImage>('/user/sign') });

function fileForm(file: File) {
  const form = new FormData();
  form.set('file', file, file.name);
  return form;
}

/** Upload (POST /user/uploadSign) or remove (POST /user/deleteSign); the answer is the new address. */
export function useSetOwnSign() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (file: File | null) =>
      file
        ? apiPostForm<SignImage>('/user/uploadSign', fileForm(file), { silent: true })
        : apiPost<SignImage>('/user/deleteSign', {}, { silent: true }),
    onSuccess: (data) => qc.setQueryData(key, data),
  });
}
