import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import busboy from 'busboy';
import type { Context } from 'hono';
import type { AppEnv } from '../../context';
import { AppError } from '../../lib/errors';
import { isBadText } from '../../lib/input-text';
import { t } from '../../lib/i18n';

export interface ReceivedVideo {
  studyIuid: string;
  file: { name: string; path: string; size: number };
}

/**
 * Reads a video upload (multipart `file` + `study_iuid`) as it arrives, straight to a staging file counted
 * against maxBytes (busboy on the raw request; never buffered). Refusals name the field; the staged file
 * is removed on any refusal. The caller removes it once stored.
 */
export async function receiveVideo(c: Context<AppEnv>, stagingDir: string, maxBytes: number): Promise<ReceivedVideo> {
  const tooLarge = () => new AppError(413, 'PAYLOAD_TOO_LARGE', 'payloadTooLarge');
  if (Number(c.req.header('content-length') ?? 0) > maxBytes) throw tooLarge();
  const type = c.req.header('content-type') ?? '';
  const body = c.req.raw.body;
  const fieldError = (field: string, msg: string) => AppError.validation('validation', [{ field, msg }]);
  const required = (field: string) => fieldError(field, t(c, 'required'));
  if (!type.toLowerCase().startsWith('multipart/form-data') || !body) throw required('file');
  await mkdir(stagingDir, { recursive: true });
  const staged = path.join(stagingDir, `${randomUUID()}.video`);
  let failure: AppError | undefined;
  const fail = (e: AppError) => {
    failure ??= e;
  };
  let studyIuid: string | undefined;
  let file: ReceivedVideo['file'] | undefined;
  let writing: Promise<void> = Promise.resolve();
  const source = Readable.fromWeb(body as import('node:stream/web').ReadableStream);
  try {
    await new Promise<void>((resolve, reject) => {
      let bb: busboy.Busboy;
      try {
        bb = busboy({
          headers: { 'content-type': type },
          defParamCharset: 'utf8',
          limits: { files: 1, fileSize: maxBytes, fields: 4, parts: 8, fieldSize: 1024, fieldNameSize: 64 },
        });
      } catch {
        reject(required('file'));
        return;
      }
      bb.on('field', (name, value) => {
        if (isBadText(name) || isBadText(value)) return fail(new AppError(400, 'VALIDATION', 'invalidChar'));
        if (name === 'study_iuid') studyIuid = value.trim();
        else if (name === 'file') fail(required('file'));
        else fail(fieldError(name, 'unrecognized field'));
      });
      bb.on('file', (name, stream, info) => {
        const filename = info.filename ?? '';
        if (isBadText(name) || isBadText(filename)) fail(new AppError(400, 'VALIDATION', 'invalidChar'));
        else if (name !== 'file') fail(fieldError(name, 'unrecognized field'));
        else if (file) fail(fieldError('file', 'one file only'));
        if (failure || file) {
          stream.resume();
          return;
        }
        const received = { name: filename, path: staged, size: 0 };
        file = received;
        stream.on('data', (chunk: Buffer) => {
          received.size += chunk.length;
        });
        stream.on('limit', () => {
          // Stop reading at once: the rest of the body is not wanted.
          fail(tooLarge());
          source.unpipe(bb);
          source.destroy();
          stream.destroy(failure);
          reject(failure);
        });
        writing = pipeline(stream, createWriteStream(staged));
      });
      const tooMany = () => fail(fieldError('file', 'one file only'));
      bb.on('filesLimit', tooMany);
      bb.on('partsLimit', tooMany);
      bb.on('fieldsLimit', tooMany);
      bb.on('error', () => reject(failure ?? fieldError('(body)', 'malformed multipart body')));
      bb.on('close', () => resolve());
      source.on('error', () => reject(failure ?? required('file')));
      source.pipe(bb);
    });
    await writing;
    if (failure) throw failure;
    if (!file) throw required('file');
    if (!studyIuid) throw required('study_iuid');
    return { studyIuid, file };
  } catch (err) {
    await writing.catch(() => undefined);
    await rm(staged, { force: true });
    throw failure ?? err;
  }
}
