import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { HospitalImageKind, HospitalImages } from '@shared/schemas/image-asset';
import { apiPost, apiPostForm } from '@web/lib/api-client';

const key = (pk: number) => ['admin-org', 'hospital-images', pk] as const;

/** POST /hospital/images: the hospital's logo, seal (`sign`) and header image (`head`) addresses. */
export const useHospitalImages = (pk: number) =>
  useQuery({ queryKey: key(pk), queryFn: () => apiPost<HospitalImages>('/hospital/images', { pk }) });

/** Upload (POST /hospital/uploadImage) or remove (POST /hospital/deleteImage) one of them. */
export function useSetHospitalImage(pk: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, file }: { kind: HospitalImageKind; file: File | null }) => {
      if (!file) return apiPost<HospitalImages>('/hospital/deleteImage', { pk, kind }, { silent: true });
      const form = new FormData();
      form.set('pk', String(pk));
      form.set('kind', kind);
      form.set('file', file, file.name);
      return apiPostForm<HospitalImages>('/hospital/uploadImage', form, { silent: true });
    },
    onSuccess: (data) => qc.setQueryData(key(pk), data),
  });
}
