import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import { PERMISSIONS } from '@shared/permissions';
import { UserPkSchema } from '@shared/schemas/admin-user';
import { pkInput } from '@shared/schemas/common';
import { SignImageSchema } from '@shared/schemas/image-asset';
import type { AppEnv } from '../../platform/context';
import { callerOf } from '../../platform/http/caller';
import { ok } from '../../platform/http/respond';
import { imageFileField } from '../../platform/images/image-routes';
import { jsonBody, okResponse } from '../../platform/http/route';
import { access } from '../../platform/http/guard';
import { setUserSign, userSignUrl } from './sign-image';

const tags = ['user'];
const SYS_USER = PERMISSIONS.SYS_USER;

/** An administrator's view of a managed user's signature image: /user/userSign, uploadUserSign, deleteUserSign. */
export function userSignRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(
    createRoute({
      method: 'post',
      path: '/user/userSign',
      tags,
      summary: "A managed user's signature image: its address, signed for the caller ('' none)",
      ...access(SYS_USER),
      request: jsonBody(UserPkSchema),
      responses: okResponse(SignImageSchema),
    }),
    async (c) => ok(c, { sign: await userSignUrl(c.var.deps, callerOf(c), { pk: c.req.valid('json').pk }) }),
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/user/uploadUserSign',
      tags,
      summary:
        "Set a managed user's signature image (multipart `pk`, `file`: jpg/jpeg or png by its bytes, at most 512 KiB and 2000 x 2000 px)",
      ...access(SYS_USER),
      request: {
        body: {
          content: { 'multipart/form-data': { schema: z.object({ pk: pkInput(), file: imageFileField() }) } },
          required: true,
        },
      },
      responses: okResponse(SignImageSchema),
    }),
    async (c) => {
      const { pk, file } = c.req.valid('form');
      return ok(c, { sign: await setUserSign(c.var.deps, callerOf(c), { pk }, file) });
    },
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/user/deleteUserSign',
      tags,
      summary: "Remove a managed user's signature image",
      ...access(SYS_USER),
      request: jsonBody(UserPkSchema),
      responses: okResponse(SignImageSchema),
    }),
    async (c) => ok(c, { sign: await setUserSign(c.var.deps, callerOf(c), { pk: c.req.valid('json').pk }, null) }),
  );
}
