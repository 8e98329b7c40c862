import type { UploadLine } from '@shared/schemas/images';
import { ApiError } from '@web/lib/api-error';
import { handleFailure, requestHeaders } from '@web/lib/api-client';
import { i18n } from '@web/lib/i18n';
import { ndjsonReader } from '../lib/ndjson';

export type UploadResult = Extract<UploadLine, { type: 'result' }>;

export interface UploadCallbacks {
  /** Bytes sent so far of the request body (the transfer). */
  onTransfer: (loaded: number, total: number) => void;
  /** A file's outcome, as the server ingests (the second phase). */
  onFile: (line: Extract<UploadLine, { type: 'file' }>) => void;
}

/**
 * POST /UploadDicom/uploadZip over XHR (fetch reports no upload progress): the transfer's progress, then the
 * streamed NDJSON lines as they come. Resolves with the result line; rejects with an ApiError (a refusal's
 * envelope, shown by the caller) or an AbortError when cancelled (the server keeps nothing of it).
 */
export function uploadZip(file: File, hospitalCode: string, cb: UploadCallbacks) {
  const xhr = new XMLHttpRequest();
  const promise = new Promise<UploadResult>((resolve, reject) => {
    const read = ndjsonReader();
    let result: UploadResult | undefined;
    const take = () => {
      for (const line of read(xhr.responseText)) {
        if (line.type === 'file') cb.onFile(line);
        else result = line;
      }
    };
    xhr.open('POST', '/UploadDicom/uploadZip');
    for (const [k, v] of Object.entries(requestHeaders())) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => cb.onTransfer(e.loaded, e.lengthComputable ? e.total : file.size);
    xhr.onprogress = () => {
      if (xhr.status === 200) take();
    };
    xhr.onload = () => {
      if (xhr.status === 200) {
        take();
        if (result) resolve(result);
        else reject(new ApiError(200, 'BAD_RESPONSE', i18n.t('common:errors.generic')));
        return;
      }
      let env: { msg?: string; error?: string; code?: number } = {};
      try {
        env = JSON.parse(xhr.responseText) as typeof env;
      } catch {
        // not the envelope (a proxy's page): the generic message
      }
      const err = new ApiError(
        xhr.status,
        (env.error as ApiError['error'] | undefined) ?? (xhr.status >= 500 ? 'INTERNAL' : 'VALIDATION'),
        env.msg ?? i18n.t('common:errors.generic'),
        env.code,
      );
      handleFailure(err, true, true);
      reject(err);
    };
    xhr.onerror = () => reject(new ApiError(0, 'NETWORK', i18n.t('common:errors.network')));
    xhr.onabort = () => reject(new DOMException('cancelled', 'AbortError'));
    const form = new FormData();
    form.set('hospital_code', hospitalCode);
    form.set('file', file, file.name);
    xhr.send(form);
  });
  return { promise, abort: () => xhr.abort() };
}
