import { useQuery } from '@tanstack/react-query';
import type { DeviceOption } from '@shared/schemas/admin-org';
import type { EchoAnswer, ForwardLine, ForwardRequest } from '@shared/schemas/dicom-forward';
import { ApiError } from '@web/lib/api-error';
import { apiPost, handleFailure, requestHeaders } from '@web/lib/api-client';
import { i18n } from '@web/lib/i18n';
import { forwardLineReader } from '../lib/forward-lines';

export type ForwardImageLine = Extract<ForwardLine, { type: 'image' }>;
export type ForwardOutcome = Extract<ForwardLine, { type: 'result' }>;

/** The active devices of the caller's hospital (the modal's pick list). */
export function useForwardDevices(enabled: boolean) {
  return useQuery({
    queryKey: ['dicom-forward', 'devices'],
    queryFn: ({ signal }) => apiPost<DeviceOption[]>('/device/aetList', {}, { signal }),
    enabled,
    staleTime: 30_000,
  });
}

/**
 * POST /report/forwardFile asking for the NDJSON answer: each image's outcome as the server sends it, then
 * the result. A refusal (400/403/404) is the usual envelope: rejected with an ApiError, shown by the caller.
 */
export async function forwardStudy(body: ForwardRequest, onImage: (line: ForwardImageLine) => void) {
  const headers = { ...requestHeaders(), Accept: 'application/x-ndjson', 'Content-Type': 'application/json' };
  let res: Response;
  try {
    res = await fetch('/report/forwardFile', { method: 'POST', headers, body: JSON.stringify(body) });
  } catch {
    throw new ApiError(0, 'NETWORK', i18n.t('common:errors.network'));
  }
  if (!res.ok || !res.body) {
    const env = (await res.json().catch(() => ({}))) as { msg?: string; error?: ApiError['error']; code?: number };
    const err = new ApiError(
      res.status,
      env.error ?? (res.status >= 500 ? 'INTERNAL' : 'VALIDATION'),
      env.msg ?? i18n.t('common:errors.generic'),
      env.code,
    );
    handleFailure(err, true, true);
    throw err;
  }
  const read = forwardLineReader();
  const decoder = new TextDecoder();
  const reader = res.body.getReader();
  let result: ForwardOutcome | undefined;
  for (;;) {
    const { done, value } = await reader.read();
    for (const line of read(done ? decoder.decode() : decoder.decode(value, { stream: true }))) {
      if (line.type === 'image') onImage(line);
      else result = line;
    }
    if (done) break;
  }
  if (!result) throw new ApiError(200, 'BAD_RESPONSE', i18n.t('common:errors.generic'));
  return result;
}

/** C-ECHO to a device: ok or the reason, with the round-trip time. */
export const echoDevice = (pk: number) => apiPost<EchoAnswer>('/device/echo', { pk });
