import { createRoute, z } from '@hono/zod-openapi';
import { AVATAR_MAX_BYTES, UpdateProfileSchema } from '@shared/schemas/account';
import { UserSchema } from '@shared/schemas/auth';
import { msg } from '@shared/schemas/common';
import type { AuthUser } from '../../platform/core/auth-user';
import type { Db } from '../../platform/db/client';
import { clientMeta } from '../../platform/http/client-meta';
import { notFound } from '../../platform/core/errors';
import type { Locale } from '@shared/constants';
import { ok } from '../../platform/http/respond';
import { jsonBody, okResponse } from '../../platform/http/route';
import { newRouter } from '../../platform/http/router';
import { access } from '../../platform/http/guard';
import { findUser, toUser } from '../auth';
import { readAvatar, saveAvatar } from './avatar';
import { updateProfile } from './profile';
import { ownSignRoutes } from './sign-routes';

const tags = ['account'];

/** Upload routes and their body limit (app.ts applies it instead of the global 1 MiB): the file plus the form's framing. */
export const ACCOUNT_BODY_LIMITS = { '/user/uploadAvatar': AVATAR_MAX_BYTES + 16 * 1024 };

const AvatarFileSchema = z.object({
  file: z.custom<File>((v) => v instanceof File, msg('imageJpgPng')).openapi({ type: 'string', format: 'binary' }),
});

async function me(db: Db, user: AuthUser, locale: Locale) {
  const found = await findUser(db, { pk: user.pk });
  if (!found) throw notFound();
  return toUser(found.u, found.r, found.h, locale);
}

/** The signed-in user's own profile and avatar (account settings, base tab). */
export function accountRoutes() {
  const app = newRouter();
  app.openapi(
    createRoute({
      method: 'post',
      path: '/user/updateProfile',
      tags,
      summary:
        "Change the signed-in user's own profile: ch_name, en_name, gender, birthday required; phone (1[34578] and 9 digits) and email optional",
      ...access('session'),
      request: jsonBody(UpdateProfileSchema),
      responses: okResponse(UserSchema),
    }),
    async (c) => {
      const meta = clientMeta(c);
      await updateProfile(c.var.deps.db, c.var.user, c.req.valid('json'), meta);
      return ok(c, await me(c.var.deps.db, c.var.user, meta.locale));
    },
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/user/uploadAvatar',
      tags,
      summary: "The signed-in user's avatar (multipart `file`: jpg/jpeg or png by its first bytes, at most 512 KiB)",
      ...access('session'),
      request: { body: { content: { 'multipart/form-data': { schema: AvatarFileSchema } }, required: true } },
      responses: okResponse(UserSchema),
    }),
    async (c) => {
      const meta = clientMeta(c);
      await saveAvatar(c.var.deps.db, c.var.user, c.req.valid('form').file, meta);
      return ok(c, await me(c.var.deps.db, c.var.user, meta.locale));
    },
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: '/user/avatar/{uuid}',
      tags,
      summary:
        "A user's avatar image (an <img> cannot send the session token, so no sign-in); ?v= the version head_photo names, cached for good",
      ...access('public'),
      request: { params: z.object({ uuid: z.uuid() }) },
      responses: {
        200: { description: 'The image (image/jpeg or image/png)' },
        304: { description: 'Not modified' },
        404: { description: 'No avatar' },
      },
    }),
    async (c) => {
      const avatar = await readAvatar(c.var.deps.db, c.req.valid('param').uuid);
      if (!avatar) throw notFound();
      const version = String(avatar.update_time.getTime());
      const etag = `"${version}"`;
      // The address head_photo names carries the version: that URL never changes content.
      const cache = c.req.query('v') === version ? 'private, max-age=31536000, immutable' : 'private, no-cache';
      const headers = { etag, 'cache-control': cache };
      if (c.req.header('if-none-match') === etag) return c.body(null, 304, headers);
      return c.body(Buffer.from(avatar.data, 'base64'), 200, { ...headers, 'content-type': avatar.mime });
    },
  );
  ownSignRoutes(app);
  return app;
}
