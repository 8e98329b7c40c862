import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import busboy from 'busboy';
import type { Context } from 'hono';
import type { AppEnv } from '../context';
import { AppError } from '../lib/errors';
import { isBadText } from '../lib/input-text';
import { t } from '../lib/i18n';

export interface ReceivedUpload {
  hospitalCode: string;
  file: { name: string; path: string; size: number; kind: 'dcm' | 'zip' };
}

const FIELDS = new Set(['file', 'hospital_code']);

const wrongFormat = () => new AppError(400, 'VALIDATION', 'imgWrongFormat');
const tooLarge = () => new AppError(413, 'PAYLOAD_TOO_LARGE', 'payloadTooLarge');

/**
 * Reads the multipart body as it arrives (busboy on the raw request stream; never buffered): the one file
 * goes straight to a staging file, counted against `maxBytes`. Refusals are the route's 400s with the
 * field named; the staged file is removed on any refusal.
 */
export async function receiveUpload(c: Context<AppEnv>, stagingDir: string, maxBytes: number): Promise<ReceivedUpload> {
  const length = Number(c.req.header('content-length') ?? 0);
  if (length > maxBytes) throw tooLarge();
  const type = c.req.header('content-type') ?? '';
  const body = c.req.raw.body;
  const fieldError = (field: string, msg: string) => AppError.validation('validation', [{ field, msg }]);
  const malformed = () => fieldError('(body)', t(c, 'malformedMultipart'));
  if (!type.toLowerCase().startsWith('multipart/form-data') || !body) throw fieldError('file', t(c, 'required'));
  await mkdir(stagingDir, { recursive: true });
  const staged = path.join(stagingDir, `${randomUUID()}.upload`);
  let failure: AppError | undefined;
  const fail = (e: AppError) => {
    failure ??= e;
  };
  let hospitalCode: string | undefined;
  let file: ReceivedUpload['file'] | undefined;
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
        reject(fieldError('file', t(c, 'required')));
        return;
      }
      bb.on('field', (name, value) => {
        if (isBadText(name) || isBadText(value)) return fail(new AppError(400, 'VALIDATION', 'invalidChar'));
        if (!FIELDS.has(name)) return fail(fieldError(name, t(c, 'unknownField')));
        if (name === 'file') return fail(fieldError('file', t(c, 'required')));
        hospitalCode = value.trim();
      });
      bb.on('file', (name, stream, info) => {
        const filename = info.filename ?? '';
        const ext = path.extname(filename).toLowerCase();
        if (isBadText(name) || isBadText(filename)) fail(new AppError(400, 'VALIDATION', 'invalidChar'));
        else if (name !== 'file') fail(fieldError(name, t(c, 'unknownField')));
        else if (ext !== '.dcm' && ext !== '.zip') fail(wrongFormat());
        if (failure || file) {
          stream.resume();
          return;
        }
        const received: ReceivedUpload['file'] = {
          name: path.basename(filename),
          path: staged,
          size: 0,
          kind: ext === '.zip' ? 'zip' : 'dcm',
        };
        file = received;
        stream.on('data', (chunk: Buffer) => {
          received.size += chunk.length;
        });
        stream.on('limit', () => {
          // Stop reading at once: the rest of the body is not wanted, and busboy will not close on its own.
          fail(tooLarge());
          source.unpipe(bb);
          source.destroy();
          stream.destroy(failure);
          reject(failure);
        });
        writing = pipeline(stream, createWriteStream(staged));
      });
      bb.on('filesLimit', () => fail(wrongFormat()));
      bb.on('partsLimit', () => fail(wrongFormat()));
      bb.on('fieldsLimit', () => fail(wrongFormat()));
      bb.on('error', () => reject(failure ?? malformed()));
      bb.on('close', () => resolve());
      source.on('error', () => reject(failure ?? fieldError('file', t(c, 'required'))));
      source.pipe(bb);
    });
    await writing;
    if (failure) throw failure;
    if (!file) throw fieldError('file', t(c, 'required'));
    if (!hospitalCode) throw new AppError(400, 'VALIDATION', 'imgChooseHospital');
    return { hospitalCode, file };
  } catch (err) {
    await writing.catch(() => undefined);
    await rm(staged, { force: true });
    throw failure ?? err;
  }
}
