import { createReadStream } from 'node:fs';
import { open, rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { createRoute, z } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { PERMISSIONS } from '@shared/permissions';
import { DicomUidSchema, StudyUidBodySchema } from '@shared/schemas/images';
import {
  CAPTURE_MAX_BYTES,
  CAPTURE_MAX_MIB,
  CapturedImageSchema,
  PATFILE_MAX_BYTES,
  PATFILE_MAX_MIB,
  PatFileDeleteSchema,
  PatientFileListSchema,
  PatientFileSchema,
  SaveOrderImageSchema,
  ShowFileQuerySchema,
  VIDEO_MAX_BYTES,
  VIDEO_MAX_MIB,
} from '@shared/schemas/patient-files';
import type { AppEnv } from '../../platform/context';
import { clientMeta } from '../../platform/http/client-meta';
import { AppError, forbidden, notFound } from '../../platform/core/errors';
import { t, type MessageKey, type Params } from '../../platform/core/i18n';
import { ok } from '../../platform/http/respond';
import { jsonBody, okResponse } from '../../platform/http/route';
import { newRouter, type Router } from '../../platform/http/router';
import { access, guard } from '../../platform/http/guard';
import { saveCapture } from './capture';
import { attachmentType, TYPE_HEAD_BYTES, videoType } from './file-type';
import { receiveVideo } from './receive-video';
import { mayReadAttachments, studyFor, studyOfFile } from './scope';
import { addPatientFile, deletePatientFile, displayFileName, findPatientFile, listPatientFiles } from './service';
import { byteRange, inlineDisposition, viewerTokenHolder } from './show-file';

const tags = ['images'];
const FRAMING = 64 * 1024;
const VIDEO_PATH = '/UploadDicom/uploadFile';

/** Upload routes and their body limit (app.ts applies it instead of the global 1 MiB): the file plus the framing. */
export const PATIENT_FILE_BODY_LIMITS: Record<string, number> = {
  '/UploadDicom/uploadPatFile': PATFILE_MAX_BYTES + FRAMING,
  '/api/order/uploadImg': CAPTURE_MAX_BYTES + FRAMING,
  '/tool/saveOrderImage': Math.ceil(CAPTURE_MAX_BYTES / 3) * 4 + FRAMING,
};
/** Read as a stream by the route, which counts the bytes itself (app.ts leaves it out of the buffering limit). */
export const PATIENT_FILE_STREAMED_UPLOADS: Record<string, number> = { [VIDEO_PATH]: VIDEO_MAX_BYTES };

const FileField = z
  .custom<File>((v) => v instanceof File, { message: 'msg:required' })
  .openapi({ type: 'string', format: 'binary' });
const FileUploadForm = z.strictObject({ file: FileField, study_iuid: DicomUidSchema });

/** A refusal of the uploaded file, naming the field in the caller's language. */
function fileRefused(c: Parameters<typeof t>[0], key: MessageKey, params?: Params): AppError {
  const e = new AppError(400, 'VALIDATION', key, params);
  e.errors = [{ field: 'file', msg: t(c, key, params) }];
  return e;
}

/** showFile takes the session header, or token= (a viewer token of the file's study; checked in the handler). */
const sessionUnlessViewerToken: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.req.query('token') !== undefined) return next();
  const [check] = guard('session');
  return check!(c, next);
};

async function headOf(file: string): Promise<Uint8Array> {
  const fh = await open(file, 'r');
  try {
    const { buffer, bytesRead } = await fh.read(Buffer.alloc(TYPE_HEAD_BYTES), 0, TYPE_HEAD_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await fh.close();
  }
}

/** Patient attachments, videos and captured images of a study (spec: /UploadDicom/*, uploadImg, saveOrderImage). */
export function patientFileRoutes() {
  const app = newRouter();
  fileRoutes(app);
  videoRoutes(app);
  orderImageUploadRoutes(app);
  return app;
}

/** A study's patient files: upload, list, delete, show. */
function fileRoutes(app: Router) {
  app.openapi(
    createRoute({
      method: 'post',
      path: '/UploadDicom/uploadPatFile',
      tags,
      summary: `Add a patient attachment to a study (multipart file + study_iuid): jpg/jpeg/png or pdf by its first bytes, at most ${PATFILE_MAX_MIB} MB`,
      ...access(PERMISSIONS.PATFILE_ADD),
      request: { body: { content: { 'multipart/form-data': { schema: FileUploadForm } }, required: true } },
      responses: okResponse(PatientFileSchema),
    }),
    async (c) => {
      const { file, study_iuid } = c.req.valid('form');
      const s = await studyFor(c.var.deps.db, c.var.user, study_iuid);
      if (file.size > PATFILE_MAX_BYTES) throw fileRefused(c, 'patFileTooLarge', { mib: PATFILE_MAX_MIB });
      const bytes = Buffer.from(await file.arrayBuffer());
      const type = attachmentType(bytes);
      if (!type) throw fileRefused(c, 'patFileType');
      const saved = await addPatientFile(c.var.deps, c.var.user, {
        studyPk: s.pk,
        studyIuid: s.study_iuid,
        kind: 'file',
        name: displayFileName(file.name, `attachment.${type.ext}`),
        type,
        body: bytes,
        size: bytes.length,
        ip: clientMeta(c).ip,
      });
      return ok(c, saved);
    },
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/UploadDicom/patFileList',
      tags,
      summary: "A study's patient attachments (name, who, when; can_delete: the caller's own, or any for role 1)",
      ...access(PERMISSIONS.PATFILE),
      request: jsonBody(StudyUidBodySchema),
      responses: okResponse(PatientFileListSchema),
    }),
    async (c) => {
      const s = await studyFor(c.var.deps.db, c.var.user, c.req.valid('json').study_iuid);
      return ok(c, await listPatientFiles(c.var.deps.db, c.var.user, s.pk, 'file'));
    },
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/UploadDicom/deletePatFile',
      tags,
      summary: 'Delete a patient attachment: the super administrator any, others only their own (403 otherwise)',
      ...access(PERMISSIONS.PATFILE_ADD),
      request: jsonBody(PatFileDeleteSchema),
      responses: okResponse(z.null()),
    }),
    async (c) => {
      const { db } = c.var.deps;
      const row = await findPatientFile(db, c.req.valid('json').pk);
      if (!row || row.kind !== 'file') throw notFound();
      await studyOfFile(db, c.var.user, row.study_pk);
      await deletePatientFile(db, c.var.user, row, clientMeta(c).ip);
      return ok(c, null);
    },
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: '/UploadDicom/showFile',
      tags,
      summary:
        'A patient attachment or video, inline with its content type and name; byte ranges (206) for seeking. Session header, or token= a viewer token of its study (POST /wado/token); attachments need patorder:patfile',
      middleware: [sessionUnlessViewerToken],
      'x-permission': 'session',
      request: { query: ShowFileQuerySchema },
      responses: {
        ...okResponse(z.null()),
        200: { description: 'The file', content: { 'application/octet-stream': { schema: z.string() } } },
        206: { description: 'The asked byte range' },
        404: { description: 'No such file, deleted, or another hospital' },
        416: { description: 'Range past the end' },
      },
    }),
    async (c) => {
      const { db, images } = c.var.deps;
      const q = c.req.valid('query');
      const row = await findPatientFile(db, q.pk);
      if (q.token !== undefined) {
        const holder = await viewerTokenHolder(db, q.token);
        if (!holder) throw new AppError(401, 'UNAUTHORIZED', 'imgTokenInvalid');
        if (!row || row.study_pk !== holder.studyPk) throw notFound();
        if (row.kind === 'file' && !holder.mayReadAttachments) throw forbidden();
      } else {
        if (!row) throw notFound();
        await studyOfFile(db, c.var.user, row.study_pk);
        if (row.kind === 'file' && !mayReadAttachments(c.var.user)) throw forbidden();
      }
      const size = Number(row.size_bytes);
      const range = byteRange(c.req.header('range'), size);
      const common = {
        'content-type': row.type,
        'content-disposition': inlineDisposition(row.name),
        'x-content-type-options': 'nosniff',
        'accept-ranges': 'bytes',
        'cache-control': 'private, max-age=600',
      };
      if (range === 'unsatisfiable') return c.body(null, 416, { ...common, 'content-range': `bytes */${size}` });
      const found = await images.get(row.storage_key, range ?? undefined);
      if (!found) throw notFound();
      const body = Readable.toWeb(found.body) as ReadableStream;
      if (!range) return c.body(body, 200, { ...common, 'content-length': String(size) });
      return c.body(body, 206, {
        ...common,
        'content-length': String(range.end - range.start + 1),
        'content-range': `bytes ${range.start}-${range.end}/${size}`,
      });
    },
  );
}

/** Reading videos: list and the streamed upload. */
function videoRoutes(app: Router) {
  app.openapi(
    createRoute({
      method: 'post',
      path: '/UploadDicom/getVideoList',
      tags,
      summary: "A study's videos (played from /UploadDicom/showFile)",
      ...access('session'),
      request: jsonBody(StudyUidBodySchema),
      responses: okResponse(PatientFileListSchema),
    }),
    async (c) => {
      const s = await studyFor(c.var.deps.db, c.var.user, c.req.valid('json').study_iuid);
      return ok(c, await listPatientFiles(c.var.deps.db, c.var.user, s.pk, 'video'));
    },
  );
  app.openAPIRegistry.registerPath({
    method: 'post',
    path: VIDEO_PATH,
    tags,
    summary: `Add a video to a study (multipart study_iuid + file: mp4 or webm by its first bytes, at most ${VIDEO_MAX_MIB} MB, streamed to the store)`,
    'x-permission': PERMISSIONS.PATFILE_ADD,
    request: { body: { content: { 'multipart/form-data': { schema: FileUploadForm } }, required: true } },
    responses: okResponse(PatientFileSchema),
  });
  const [mayAdd] = guard(PERMISSIONS.PATFILE_ADD);
  app.post(VIDEO_PATH, mayAdd!, async (c) => {
    const { deps } = c.var;
    const up = await receiveVideo(c, deps.images.stagingDir, VIDEO_MAX_BYTES);
    try {
      const iuid = DicomUidSchema.safeParse(up.studyIuid);
      if (!iuid.success) throw AppError.validation('validation', [{ field: 'study_iuid', msg: t(c, 'validation') }]);
      const s = await studyFor(deps.db, c.var.user, iuid.data);
      const type = videoType(await headOf(up.file.path));
      if (!type) throw fileRefused(c, 'videoType');
      const saved = await addPatientFile(deps, c.var.user, {
        studyPk: s.pk,
        studyIuid: s.study_iuid,
        kind: 'video',
        name: displayFileName(up.file.name, `video.${type.ext}`),
        type,
        body: createReadStream(up.file.path),
        size: up.file.size,
        ip: clientMeta(c).ip,
      });
      return ok(c, saved);
    } finally {
      await rm(up.file.path, { force: true });
    }
  });
}

/** Images attached to an order from the desk and the tool. */
function orderImageUploadRoutes(app: Router) {
  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/order/uploadImg',
      tags,
      summary:
        "Add a still image to a study's images (multipart file + study_iuid: a baseline .jpg/.jpeg), stored as a DICOM Secondary Capture in the study's Capture series",
      ...access(PERMISSIONS.PATFILE_ADD),
      request: { body: { content: { 'multipart/form-data': { schema: FileUploadForm } }, required: true } },
      responses: okResponse(CapturedImageSchema),
    }),
    async (c) => {
      const { file, study_iuid } = c.req.valid('form');
      const s = await studyFor(c.var.deps.db, c.var.user, study_iuid);
      if (file.size > CAPTURE_MAX_BYTES) throw fileRefused(c, 'imgCaptureTooLarge', { mib: CAPTURE_MAX_MIB });
      const jpeg = Buffer.from(await file.arrayBuffer());
      const saved = await saveCapture(c.var.deps, c.var.user, s, jpeg, {
        ip: clientMeta(c).ip,
        field: 'file',
        translate: (key, params) => t(c, key, params),
      });
      return ok(c, saved);
    },
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/tool/saveOrderImage',
      tags,
      summary:
        "Save a frame grabbed from the capture device (image: a JPEG data URL) to the study's images, as /api/order/uploadImg does",
      ...access(PERMISSIONS.PATFILE_ADD),
      request: jsonBody(SaveOrderImageSchema),
      responses: okResponse(CapturedImageSchema),
    }),
    async (c) => {
      const body = c.req.valid('json');
      const s = await studyFor(c.var.deps.db, c.var.user, body.study_iuid);
      const jpeg = Buffer.from(body.image.slice(body.image.indexOf(',') + 1), 'base64');
      const saved = await saveCapture(c.var.deps, c.var.user, s, jpeg, {
        ip: clientMeta(c).ip,
        field: 'image',
        translate: (key, params) => t(c, key, params),
      });
      return ok(c, saved);
    },
  );
}
