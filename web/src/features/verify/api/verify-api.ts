import { useMutation } from '@tanstack/react-query';
import type { VerifyResult } from '@shared/schemas/report-signature';
import { apiGet, apiPostForm } from '@web/lib/api-client';

/** A verification code as printed (dashes and spaces allowed): the server reads it. Refusals are shown by the page. */
export function useVerifyCode() {
  return useMutation({
    mutationFn: (code: string) =>
      apiGet<VerifyResult>(`/verify/${encodeURIComponent(code.trim())}`, undefined, { silent: true }),
  });
}

/** An archived PDF: an unchanged copy of a signed report answers as its code does. */
export function useVerifyPdf() {
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return apiPostForm<VerifyResult>('/verify/pdf', form, { silent: true });
    },
  });
}
