import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import { PERMISSIONS } from '@shared/permissions';
import { pkInput } from '@shared/schemas/common';
import {
  HOSPITAL_IMAGE_KINDS,
  HospitalImageRemoveSchema,
  HospitalImagesSchema,
  HospitalPkSchema,
} from '@shared/schemas/image-asset';
import type { AppEnv } from '../../platform/context';
import { callerOf } from '../../platform/http/caller';
import { ok } from '../../platform/http/respond';
import { jsonBody, okResponse } from '../../platform/http/route';
import { access } from '../../platform/http/guard';
import { imageFileField } from '../../platform/images/image-routes';
import { hospitalImages, setHospitalImage } from './image-service';

const tags = ['hospital'];
const SYS_HOSPITAL = PERMISSIONS.SYS_HOSPITAL;

/** A hospital's logo, seal and header image: /hospital/images, uploadImage, deleteImage (sys:hospital, own hospital). */
export function hospitalImageRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(
    createRoute({
      method: 'post',
      path: '/hospital/images',
      tags,
      summary: "The hospital's logo, seal (`sign`, signed for the caller) and header image (`head`) addresses",
      ...access(SYS_HOSPITAL),
      request: jsonBody(HospitalPkSchema),
      responses: okResponse(HospitalImagesSchema),
    }),
    async (c) => ok(c, await hospitalImages(c.var.deps, callerOf(c), c.req.valid('json').pk)),
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/hospital/uploadImage',
      tags,
      summary:
        "Set the hospital's logo, seal (`sign`) or header image (`head`): multipart `pk`, `kind`, `file` (jpg/jpeg or png by its bytes, at most 512 KiB and 2000 x 2000 px); another hospital's: 403",
      ...access(SYS_HOSPITAL),
      request: {
        body: {
          content: {
            'multipart/form-data': {
              schema: z.object({ pk: pkInput(), kind: z.enum(HOSPITAL_IMAGE_KINDS), file: imageFileField() }),
            },
          },
          required: true,
        },
      },
      responses: okResponse(HospitalImagesSchema),
    }),
    async (c) => {
      const { pk, kind, file } = c.req.valid('form');
      return ok(c, await setHospitalImage(c.var.deps, callerOf(c), pk, kind, file));
    },
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/hospital/deleteImage',
      tags,
      summary: "Remove the hospital's logo, seal (`sign`) or header image (`head`)",
      ...access(SYS_HOSPITAL),
      request: jsonBody(HospitalImageRemoveSchema),
      responses: okResponse(HospitalImagesSchema),
    }),
    async (c) => {
      const { pk, kind } = c.req.valid('json');
      return ok(c, await setHospitalImage(c.var.deps, callerOf(c), pk, kind, null));
    },
  );
}
