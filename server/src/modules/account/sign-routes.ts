import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import { SignImageSchema } from '@shared/schemas/image-asset';
import type { AppEnv } from '../../platform/context';
import { callerOf } from '../../platform/http/caller';
import { ok } from '../../platform/http/respond';
import { okResponse } from '../../platform/http/route';
import { access } from '../../platform/http/guard';
import { imageFileField } from '../../platform/images/image-routes';
import { setUserSign, userSignUrl } from '../users';

const tags = ['account'];

/** The signed-in user's own signature image (account settings): /user/sign, uploadSign, deleteSign. */
export function ownSignRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(
    createRoute({
      method: 'get',
      path: '/user/sign',
      tags,
      summary: "The signed-in user's signature image: its address, signed for them ('' none)",
      ...access('session'),
      responses: okResponse(SignImageSchema),
    }),
    async (c) => ok(c, { sign: await userSignUrl(c.var.deps, callerOf(c), 'self') }),
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/user/uploadSign',
      tags,
      summary:
        "Set the signed-in user's signature image (multipart `file`: jpg/jpeg or png by its bytes, at most 512 KiB and 2000 x 2000 px)",
      ...access('session'),
      request: {
        body: { content: { 'multipart/form-data': { schema: z.object({ file: imageFileField() }) } }, required: true },
      },
      responses: okResponse(SignImageSchema),
    }),
    async (c) => ok(c, { sign: await setUserSign(c.var.deps, callerOf(c), 'self', c.req.valid('form').file) }),
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/user/deleteSign',
      tags,
      summary: "Remove the signed-in user's signature image",
      ...access('session'),
      responses: okResponse(SignImageSchema),
    }),
    async (c) => ok(c, { sign: await setUserSign(c.var.deps, callerOf(c), 'self', null) }),
  );
}
