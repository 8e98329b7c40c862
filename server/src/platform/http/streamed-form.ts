import { createWriteStream, type WriteStream } from 'node:fs';
import { once } from 'node:events';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import busboy from 'busboy';
import type { Context } from 'hono';
import type { AppEnv } from '../context';
import { AppError } from '../core/errors';
import { isBadText } from '../core/input-text';
import { t } from '../core/i18n';

export interface StreamedFile {
  /** The name the browser sent (its last path part). */
  name: string;
  /** The staging file holding the bytes; the caller removes it once used. */
  path: string;
  size: number;
}

export interface StreamedFormRules {
  stagingDir: string;
  maxBytes: number;
  /** The text fields the form may carry besides `file`. */
  fields: readonly string[];
  /** Refuses the file by its name before a byte of it is read (e.g. a wrong extension). */
  checkName?: (filename: string) => AppError | undefined;
  /** The refusal for more files, fields or parts than the form takes. */
  tooMany: () => AppError;
}

const tooLarge = () => new AppError(413, 'PAYLOAD_TOO_LARGE', 'payloadTooLarge');

/**
 * Reads a multipart form of one `file` and a few text fields as it arrives (busboy on the raw request
 * stream; never buffered): the file goes straight to a staging file, counted against `maxBytes` (413 at
 * once when a declared length or the bytes pass it). Refusals are 400s naming the field; the staged file
 * is removed on any refusal. Routes using it are left out of the buffering body limit (app.ts).
 */
export async function receiveStreamedForm(
  c: Context<AppEnv>,
  rules: StreamedFormRules,
): Promise<{ fields: Map<string, string>; file: StreamedFile }> {
  if (Number(c.req.header('content-length') ?? 0) > rules.maxBytes) throw tooLarge();
  const type = c.req.header('content-type') ?? '';
  const body = c.req.raw.body;
  const fieldError = (field: string, msg: string) => AppError.validation('validation', [{ field, msg }]);
  const required = (field: string) => fieldError(field, t(c, 'required'));
  if (!type.toLowerCase().startsWith('multipart/form-data') || !body) throw required('file');
  await mkdir(rules.stagingDir, { recursive: true });
  const staged = path.join(rules.stagingDir, `${randomUUID()}.upload`);
  const allowed = new Set(rules.fields);
  let failure: AppError | undefined;
  const fail = (e: AppError) => {
    failure ??= e;
  };
  const fields = new Map<string, string>();
  let file: StreamedFile | undefined;
  let writing: Promise<void> = Promise.resolve();
  let out: WriteStream | undefined;
  /** The file part being read (cut short when the body breaks off). */
  let received: Readable | undefined;
  const source = Readable.fromWeb(body as import('node:stream/web').ReadableStream);
  try {
    await new Promise<void>((resolve, reject) => {
      let bb: busboy.Busboy;
      try {
        bb = busboy({
          headers: { 'content-type': type },
          defParamCharset: 'utf8',
          // A few parts more than the form takes, so an unknown field is named rather than just counted.
          limits: {
            files: 1,
            fileSize: rules.maxBytes,
            fields: allowed.size + 3,
            parts: allowed.size + 7,
            fieldSize: 1024,
            fieldNameSize: 64,
          },
        });
      } catch {
        reject(required('file'));
        return;
      }
      bb.on('field', (name, value) => {
        if (isBadText(name) || isBadText(value)) return fail(new AppError(400, 'VALIDATION', 'invalidChar'));
        if (name === 'file') return fail(required('file'));
        if (!allowed.has(name)) return fail(fieldError(name, t(c, 'unknownField')));
        fields.set(name, value.trim());
      });
      bb.on('file', (name, stream, info) => {
        const filename = info.filename ?? '';
        if (isBadText(name) || isBadText(filename)) fail(new AppError(400, 'VALIDATION', 'invalidChar'));
        else if (name !== 'file') fail(fieldError(name, t(c, 'unknownField')));
        else {
          const refused = rules.checkName?.(filename);
          if (refused) fail(refused);
        }
        if (failure || file) {
          stream.resume();
          return;
        }
        received = stream;
        const got: StreamedFile = { name: path.basename(filename), path: staged, size: 0 };
        file = got;
        stream.on('data', (chunk: Buffer) => {
          got.size += chunk.length;
        });
        stream.on('limit', () => {
          // Stop reading at once: the rest of the body is not wanted, and busboy will not close on its own.
          fail(tooLarge());
          source.unpipe(bb);
          source.destroy();
          stream.destroy(failure);
          reject(failure);
        });
        out = createWriteStream(staged);
        writing = pipeline(stream, out);
      });
      const tooMany = () => fail(rules.tooMany());
      bb.on('filesLimit', tooMany);
      bb.on('partsLimit', tooMany);
      bb.on('fieldsLimit', tooMany);
      bb.on('error', () => reject(failure ?? fieldError('(body)', t(c, 'malformedMultipart'))));
      bb.on('close', () => resolve());
      source.on('error', (err) => {
        // The client went away mid-body: busboy would wait for the rest for good, so the file is cut short here.
        source.unpipe(bb);
        bb.destroy();
        received?.destroy(err);
        reject(failure ?? required('file'));
      });
      source.pipe(bb);
    });
    await writing;
    if (failure) throw failure;
    if (!file) throw required('file');
    return { fields, file };
  } catch (err) {
    await writing.catch(() => undefined);
    // A write stream destroyed while its file is still being opened creates the file afterwards: wait for it.
    if (out && !out.closed) await once(out, 'close').catch(() => undefined);
    await rm(staged, { force: true });
    throw failure ?? err;
  }
}
