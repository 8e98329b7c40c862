import { Readable } from 'node:stream';
import { createRoute, z } from '@hono/zod-openapi';
import { PERMISSIONS } from '@shared/permissions';
import {
  DicomListSchema,
  ImageChangeSchema,
  ImageSelectionSchema,
  StudyUidBodySchema,
  ViewerTokenSchema,
  WadoQuerySchema,
} from '@shared/schemas/images';
import { clientMeta } from '../../platform/http/client-meta';
import { AppError, notFound } from '../../platform/core/errors';
import { t } from '../../platform/core/i18n';
import { ok } from '../../platform/http/respond';
import { jsonBody, okResponse } from '../../platform/http/route';
import { newRouter, type Router } from '../../platform/http/router';
import { access } from '../../platform/http/guard';
import { dicomList, setImagesDeleted, visibleStudy } from './archive';
import { sessionUnlessViewerToken, viewerOf } from './dicomweb-viewer';
import { servedInstance } from './served-instance';
import {
  NoSuchFrame,
  notAcceptable,
  parseStored,
  RenderRefused,
  refusedMessage,
  renderStored,
} from './render-instance';
import { EXPLICIT_LE, explicitPart10 } from './transcode';
import { issueViewerToken } from './viewer-token';
import { thumbnailBatchRoute } from './wado-thumbnails';

const DICOM = 'application/dicom';
const JPEG = 'image/jpeg';

/** The first content type of the request's list (in its order of preference) that is served; none given is image/jpeg. */
function wadoContentType(contentType: string | undefined): string | null {
  for (const raw of (contentType ?? JPEG).split(',')) {
    const type = raw.split(';')[0]!.trim().toLowerCase();
    if (type === DICOM) return DICOM;
    if (type === JPEG || type === 'image/*' || type === '*/*') return JPEG;
  }
  return null;
}

export function wadoRoutes() {
  const app = newRouter();
  wadoUriRoute(app);
  wadoListRoutes(app);
  thumbnailBatchRoute(app);
  return app;
}

/** WADO-URI: one instance as DICOM or JPEG. */
function wadoUriRoute(app: Router) {
  app.openapi(
    createRoute({
      method: 'get',
      path: '/wado',
      tags: ['images'],
      summary:
        'WADO-URI (PS3.18 9): one stored instance as application/dicom, or one frame rendered as image/jpeg (the default; rows/columns fit it inside that size, windowCenter/windowWidth, imageQuality, frameNumber). Session header, or token= a viewer token (POST /wado/token) for that study only; deleted images are not served; a transfer syntax not rendered here answers 406. transferSyntax: the stored one (the default), or 1.2.840.10008.1.2.1 for a transcode to explicit VR little endian',
      middleware: [sessionUnlessViewerToken],
      'x-permission': 'session',
      request: { query: WadoQuerySchema },
      responses: {
        ...okResponse(z.null()),
        200: {
          description: 'The instance, or the rendered frame',
          content: {
            [DICOM]: { schema: z.string().openapi({ format: 'binary' }) },
            [JPEG]: { schema: z.string().openapi({ format: 'binary' }) },
          },
        },
        404: { description: "No such image, or deleted, or outside the caller's scope" },
        406: { description: 'A content type not served, or pixels not rendered here (named)' },
      },
    }),
    async (c) => {
      const { db, images } = c.var.deps;
      const q = c.req.valid('query');
      const row = await servedInstance(db, await viewerOf(c), {
        study_iuid: q.studyUID,
        series_iuid: q.seriesUID,
        sop_iuid: q.objectUID,
      });
      const type = wadoContentType(q.contentType);
      if (type === null) {
        return notAcceptable(
          c,
          t(c, 'imgNotAcceptableRs', { type: q.contentType ?? '', offered: `${JPEG}, ${DICOM}` }),
        );
      }
      if (type === JPEG) {
        let jpeg: Buffer;
        try {
          jpeg = await renderStored(images, row.key, {
            frame: q.frameNumber,
            rows: q.rows,
            columns: q.columns,
            windowCenter: q.windowCenter,
            windowWidth: q.windowWidth,
            quality: q.imageQuality,
          });
        } catch (err) {
          if (err instanceof RenderRefused) return notAcceptable(c, refusedMessage(c, err));
          if (err instanceof NoSuchFrame) {
            throw AppError.validation('validation', [
              { field: 'frameNumber', msg: t(c, 'imgFrameRange', { max: err.frames }) },
            ]);
          }
          throw err;
        }
        return c.body(new Uint8Array(jpeg), 200, {
          'content-type': JPEG,
          'content-length': String(jpeg.length),
          'cache-control': 'private, max-age=600',
        });
      }
      const asked = q.transferSyntax;
      if (asked && asked !== row.syntax) {
        if (asked !== EXPLICIT_LE) {
          const offered = `${DICOM}; transferSyntax=${row.syntax}, ${DICOM}; transferSyntax=${EXPLICIT_LE}`;
          return notAcceptable(c, t(c, 'imgNotAcceptableRs', { type: `${DICOM}; transferSyntax=${asked}`, offered }));
        }
        let file: AsyncIterable<Buffer>;
        try {
          file = await explicitPart10(await parseStored(images, row.key));
        } catch (err) {
          if (err instanceof RenderRefused) return notAcceptable(c, refusedMessage(c, err));
          throw err;
        }
        return c.body(Readable.toWeb(Readable.from(file)) as ReadableStream, 200, {
          'content-type': DICOM,
          'cache-control': 'private, max-age=600',
        });
      }
      const found = await images.get(row.key);
      if (!found) throw notFound();
      return c.body(Readable.toWeb(found.body) as ReadableStream, 200, {
        'content-type': DICOM,
        'content-length': String(found.size),
        'cache-control': 'private, max-age=600',
      });
    },
  );
}

/** The viewer's token and lists of a study's instances. */
function wadoListRoutes(app: Router) {
  app.openapi(
    createRoute({
      method: 'post',
      path: '/wado/token',
      tags: ['images'],
      summary: "A viewer window's token for one study (about 10 minutes; it ends with the session); for /wado?token=",
      ...access('session'),
      request: jsonBody(StudyUidBodySchema),
      responses: okResponse(ViewerTokenSchema),
    }),
    async (c) => {
      const s = await visibleStudy(c.var.deps.db, c.var.user, c.req.valid('json').study_iuid);
      return ok(c, await issueViewerToken(c.var.deps.db, c.var.user.sessionPk, s.pk));
    },
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/wado/getDicomList',
      tags: ['images'],
      summary: "A study's series and instances for the image list (deleted ones flagged del_image 1)",
      ...access('session'),
      request: jsonBody(StudyUidBodySchema),
      responses: okResponse(DicomListSchema),
    }),
    async (c) => {
      const { study_iuid } = c.req.valid('json');
      const s = await visibleStudy(c.var.deps.db, c.var.user, study_iuid);
      return ok(c, await dicomList(c.var.deps.db, s.pk, study_iuid));
    },
  );
  for (const [path, deleted, summary] of [
    ['/wado/deleteImage', true, 'Mark images of a study deleted (del_image 1; not served, restorable)'],
    ['/wado/restoreImage', false, 'Restore deleted images of a study (del_image 0)'],
  ] as const) {
    app.openapi(
      createRoute({
        method: 'post',
        path,
        tags: ['images'],
        summary: `${summary}: sop_iuids comma-joined; none selected, or none to change, answers 400`,
        ...access(PERMISSIONS.DELETE_IMAGE),
        request: jsonBody(ImageSelectionSchema),
        responses: okResponse(ImageChangeSchema),
      }),
      async (c) => {
        const { db } = c.var.deps;
        const body = c.req.valid('json');
        const s = await visibleStudy(db, c.var.user, body.study_iuid);
        const sops = [...new Set(body.sop_iuids.split(',').map((x) => x.trim()))].filter(Boolean);
        return ok(c, await setImagesDeleted(db, c.var.user, { studyPk: s.pk, sops, deleted, ip: clientMeta(c).ip }));
      },
    );
  }
}
