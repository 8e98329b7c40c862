import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { Context } from 'hono';
import type { AppEnv } from '../../platform/context';
import { AppError } from '../../platform/core/errors';
import { receiveStreamedForm, type StreamedFile } from '../../platform/http/streamed-form';

export interface ReceivedUpload {
  hospitalCode: string;
  file: StreamedFile & { kind: 'dcm' | 'zip' };
}

const wrongFormat = () => new AppError(400, 'VALIDATION', 'imgWrongFormat');
const kindOf = (name: string) => path.extname(name).toLowerCase();

/**
 * The image upload's form (`file` one .dcm or .zip, `hospital_code`), streamed to a staging file: another
 * type or a second file is "wrong file format", no hospital "please choose a hospital".
 */
export async function receiveUpload(c: Context<AppEnv>, stagingDir: string, maxBytes: number): Promise<ReceivedUpload> {
  const { fields, file } = await receiveStreamedForm(c, {
    stagingDir,
    maxBytes,
    fields: ['hospital_code'],
    checkName: (name) => (['.dcm', '.zip'].includes(kindOf(name)) ? undefined : wrongFormat()),
    tooMany: wrongFormat,
  });
  const hospitalCode = fields.get('hospital_code');
  if (!hospitalCode) {
    await rm(file.path, { force: true });
    throw new AppError(400, 'VALIDATION', 'imgChooseHospital');
  }
  return { hospitalCode, file: { ...file, kind: kindOf(file.name) === '.zip' ? 'zip' : 'dcm' } };
}
