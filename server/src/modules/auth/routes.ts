import { createRoute, z } from '@hono/zod-openapi';
import { eq } from 'drizzle-orm';
import {
  CheckPasswordSchema,
  LoginFormSchema,
  LoginResultSchema,
  RefreshResultSchema,
  UserConfigSchema,
  UserInfoSchema,
  UserSchema,
} from '@shared/schemas/auth';
import { UpdatePasswordSchema } from '@shared/schemas/account';
import { sysUser } from '../../platform/db/schema';
import { clientMeta } from '../../platform/http/client-meta';
import { requestOrigin } from '../../platform/http/public-origin';
import { notFound } from '../../platform/core/errors';
import { t } from '../../platform/core/i18n';
import { ok } from '../../platform/http/respond';
import { formBody, jsonBody, okResponse } from '../../platform/http/route';
import { access } from '../../platform/http/guard';
import { newRouter, type Router } from '../../platform/http/router';
import { audit } from '../../platform/audit';
import { findUser } from './find-user';
import { toUser } from './to-user';
import { loadAccess } from './access';
import { deviceTokenOf, rememberDevice, setDeviceCookie } from './device-credential';
import { login } from './login';
import { checkOwnPassword } from './own-password';
import { signingOut } from './hooks';
import { extendSession, revokeSession } from './session';
import { updatePassword } from './update-password';

const tags = ['auth'];

export function authRoutes() {
  const app = newRouter();
  sessionRoutes(app);
  ownAccountRoutes(app);
  return app;
}

/** Sign-in and the session: login, info, logout, refresh. */
function sessionRoutes(app: Router) {
  app.openapi(
    createRoute({
      method: 'post',
      path: '/user/login',
      tags,
      summary: 'Sign in with username and password (form-encoded)',
      ...access('public'),
      request: formBody(LoginFormSchema),
      responses: okResponse(LoginResultSchema),
    }),
    async (c) => {
      const form = c.req.valid('form');
      const device = deviceTokenOf(c);
      const result = await login(c.var.deps, form, { ...clientMeta(c), device });
      const remembered = await rememberDevice(c.var.deps.db, result.user.username, device);
      setDeviceCookie(c, remembered, requestOrigin(c).startsWith('https:'));
      // The spec's login result has its fields at the top level; data carries the same for envelope readers.
      return c.json({ success: true, msg: t(c, 'loginOk'), ...result, data: result }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/user/info',
      tags,
      summary: 'The signed-in user, menus, auth and allAuth',
      ...access('session'),
      responses: okResponse(UserInfoSchema),
    }),
    async (c) => {
      const me = c.var.user;
      const found = await findUser(c.var.deps.db, { pk: me.pk });
      if (!found) throw notFound();
      const locale = clientMeta(c).locale;
      const acc = await loadAccess(c.var.deps.db, me.role_pk, me.isSuper, locale);
      return ok(c, { user: toUser(found.u, found.r, found.h, locale), ...acc });
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/user/logout',
      tags,
      summary: 'Revoke the current session',
      ...access('session'),
      responses: okResponse(z.null()),
    }),
    async (c) => {
      // What the session holds is let go (the report module frees the studies it was writing: the page's
      // own release would come too late, 401).
      await signingOut.run(c.var.deps, { user_pk: c.var.user.pk, session_pk: c.var.user.sessionPk });
      await revokeSession(c.var.deps.db, c.var.user.sessionPk);
      // Its push socket stops too: a signed-out session hears no more queue or access events.
      c.var.deps.realtime.signedOut(c.var.user.pk, c.var.user.sessionPk);
      await audit(c.var.deps.db, { user_pk: c.var.user.pk, username: c.var.user.username, action: 'logout' });
      return ok(c, null, 'logoutOk');
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/user/refreshToken',
      tags,
      summary: 'Extend the current session (the client calls it when 60 s or less remain)',
      ...access('session'),
      responses: okResponse(RefreshResultSchema),
    }),
    async (c) => {
      const token = (c.req.header('authorization') ?? '').replace(/^Bearer\s+/i, '').trim();
      const expires_in = await extendSession(c.var.deps.db, c.var.user.sessionPk, c.var.deps.env.SESSION_TTL_MIN);
      return ok(c, { token, expires_in });
    },
  );
}

/** The signed-in user's own password and settings. */
function ownAccountRoutes(app: Router) {
  app.openapi(
    createRoute({
      method: 'post',
      path: '/user/checkPassword',
      tags,
      summary:
        "Check the signed-in user's password (lock screen); failures count like sign-in failures from the caller's address, and at login_max_fails end the session",
      ...access('session'),
      request: jsonBody(CheckPasswordSchema),
      responses: okResponse(z.null()),
    }),
    async (c) => {
      const found = await findUser(c.var.deps.db, { pk: c.var.user.pk });
      if (!found) throw notFound();
      const caller = { user: found.u, sessionPk: c.var.user.sessionPk, ip: clientMeta(c).ip, device: deviceTokenOf(c) };
      await checkOwnPassword(c.var.deps.db, caller, c.req.valid('json').password, 'lock_screen');
      return ok(c, null);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/user/updatePassword',
      tags,
      summary: "Change the signed-in user's password (old, new, repeat); other sessions of the user end",
      ...access('session'),
      request: jsonBody(UpdatePasswordSchema),
      responses: okResponse(z.null()),
    }),
    async (c) => {
      const from = { ip: clientMeta(c).ip, device: deviceTokenOf(c) };
      await updatePassword(c.var.deps.db, c.var.user, c.req.valid('json'), from);
      return ok(c, null, 'passwordChanged');
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/user/userConfig',
      tags,
      summary: "Save the user's settings (data1) and layout settings",
      ...access('session'),
      request: jsonBody(UserConfigSchema),
      responses: okResponse(UserSchema),
    }),
    async (c) => {
      const { db } = c.var.deps;
      const body = c.req.valid('json');
      const found = await findUser(db, { pk: c.var.user.pk });
      if (!found) throw notFound();
      const current = toUser(found.u, found.r, found.h, clientMeta(c).locale);
      await db
        .update(sysUser)
        .set({
          data1: { ...current.data1, ...body.data1 },
          layout: { ...current.layout, ...body.layout },
        })
        .where(eq(sysUser.pk, c.var.user.pk));
      const after = await findUser(db, { pk: c.var.user.pk });
      if (!after) throw notFound();
      return ok(c, toUser(after.u, after.r, after.h, clientMeta(c).locale));
    },
  );
}
