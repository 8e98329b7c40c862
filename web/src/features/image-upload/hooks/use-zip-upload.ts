import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UploadLine } from '@shared/schemas/images';
import { isApiError } from '@web/lib/api-error';
import { uploadZip, type UploadResult } from '../api/upload-zip';
import { uploadProblem } from '../lib/check-file';

export type FileLine = Extract<UploadLine, { type: 'file' }>;
export type UploadPhase = 'idle' | 'transfer' | 'ingest' | 'done' | 'failed' | 'cancelled';

/** The chosen file and one upload of it: the transfer's percent, the ingest's lines, the result; cancellable. */
export function useZipUpload() {
  const { t } = useTranslation('imageUpload');
  const [files, setFiles] = useState<File[]>([]);
  const [problem, setProblem] = useState<string>();
  const [phase, setPhase] = useState<UploadPhase>('idle');
  const [transfer, setTransfer] = useState(0);
  const [lines, setLines] = useState<FileLine[]>([]);
  const [result, setResult] = useState<UploadResult>();
  const abort = useRef<() => void>(undefined);

  useEffect(() => () => abort.current?.(), []);

  const send = async (hospital: string | undefined) => {
    const p = uploadProblem(files, hospital);
    setProblem(p ? t(`upload.problems.${p}`) : undefined);
    if (p || !hospital) return;
    setPhase('transfer');
    setTransfer(0);
    setLines([]);
    setResult(undefined);
    const job = uploadZip(files[0]!, hospital, {
      onTransfer: (loaded, total) => {
        setTransfer(Math.floor((loaded / Math.max(1, total)) * 100));
        if (loaded >= total) setPhase('ingest');
      },
      onFile: (line) => {
        setPhase('ingest');
        setLines((l) => [...l, line]);
      },
    });
    abort.current = job.abort;
    try {
      const r = await job.promise;
      setResult(r);
      setPhase('done');
    } catch (e) {
      if (e instanceof DOMException && e.name === 'AbortError') setPhase('cancelled');
      else {
        setProblem(isApiError(e) ? e.message : String(e));
        setPhase('failed');
      }
    } finally {
      abort.current = undefined;
    }
  };

  const choose = (chosen: File[]) => {
    setFiles(chosen);
    setProblem(undefined);
  };

  return {
    files,
    choose,
    problem,
    phase,
    busy: phase === 'transfer' || phase === 'ingest',
    transfer,
    lines,
    result,
    send,
    cancel: () => abort.current?.(),
  };
}
