import { rm } from 'node:fs/promises';
import type { Context } from 'hono';
import type { AppEnv } from '../../platform/context';
import { AppError } from '../../platform/core/errors';
import { t } from '../../platform/core/i18n';
import { receiveStreamedForm, type StreamedFile } from '../../platform/http/streamed-form';

export interface ReceivedVideo {
  studyIuid: string;
  file: StreamedFile;
}

/**
 * A video upload's form (`file` + `study_iuid`), streamed to a staging file counted against maxBytes. The
 * video's type is judged afterwards by its bytes; the caller removes the staged file once stored.
 */
export async function receiveVideo(c: Context<AppEnv>, stagingDir: string, maxBytes: number): Promise<ReceivedVideo> {
  const fieldError = (field: string, key: 'required' | 'oneFileOnly') =>
    AppError.validation('validation', [{ field, msg: t(c, key) }]);
  const { fields, file } = await receiveStreamedForm(c, {
    stagingDir,
    maxBytes,
    fields: ['study_iuid'],
    tooMany: () => fieldError('file', 'oneFileOnly'),
  });
  const studyIuid = fields.get('study_iuid');
  if (!studyIuid) {
    await rm(file.path, { force: true });
    throw fieldError('study_iuid', 'required');
  }
  return { studyIuid, file };
}
