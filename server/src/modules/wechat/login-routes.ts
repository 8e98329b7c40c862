import { randomBytes } from 'node:crypto';
import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import {
  WECHAT_STATE_TTL_S,
  WechatAuthorizeQuerySchema,
  WechatAuthorizeSchema,
  WechatBindingSchema,
  WechatFinishSchema,
} from '@shared/schemas/wechat-login';
import type { AppEnv } from '../../platform/context';
import { clientMeta } from '../../platform/http/client-meta';
import { AppError } from '../../platform/core/errors';
import { t } from '../../platform/core/i18n';
import { requestOrigin } from '../../platform/http/public-origin';
import { ok } from '../../platform/http/respond';
import { okResponse } from '../../platform/http/route';
import { newRouter, type Router } from '../../platform/http/router';
import { access } from '../../platform/http/guard';
import { authenticate } from '../auth';
import { bindingOf, qrCallback, qrFinish, qrLoginOffered, startQrLogin, unbindOpenId } from './login';

const tags = ['wechat'];
const COOKIE = 'rx_wx_browser';
const ID_RE = /^[A-Za-z0-9_-]{43}$/;

const originOf = (c: Context<AppEnv>) => requestOrigin(c);
const browserOf = (c: Context) => {
  const id = getCookie(c, COOKIE);
  return id && ID_RE.test(id) ? id : null;
};

/** QR sign-in and binding (docs/wechat.md) and /tool/getWeiXinLogin. */
export function wechatLoginRoutes() {
  const app = newRouter();
  wechatSignInRoutes(app);
  wechatBindingRoutes(app);
  return app;
}

/** Sign-in by WeChat: the QR code, the authorisation and its callback. */
function wechatSignInRoutes(app: Router) {
  app.openapi(
    createRoute({
      method: 'get',
      path: '/tool/getWeiXinLogin',
      tags,
      summary: 'Whether WeChat QR sign-in is offered (sys_config weixin_login = Y and the QR sign-in app is set)',
      ...access('public'),
      responses: okResponse(z.boolean()),
    }),
    async (c) => ok(c, await qrLoginOffered(c.var.deps)),
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/authorize/login',
      tags,
      summary:
        'Start a QR sign-in (type login) or bind (type bind, needs a session): answers the QR connect address; the state is single use, 5 minutes, bound to this browser by an HttpOnly cookie',
      ...access('public'),
      request: { query: WechatAuthorizeQuerySchema },
      responses: okResponse(WechatAuthorizeSchema),
    }),
    async (c) => {
      const { type } = c.req.valid('query');
      const deps = c.var.deps;
      let user;
      if (type === 'bind') {
        const token = (c.req.header('authorization') ?? '').replace(/^Bearer\s+/i, '').trim();
        user = await authenticate(deps.db, token);
      }
      const origin = originOf(c);
      const browserId = randomBytes(32).toString('base64url');
      const answer = await startQrLogin(deps, type, browserId, `${origin}/authorize/callback`, user);
      setCookie(c, COOKIE, browserId, {
        path: '/authorize',
        httpOnly: true,
        // Lax: the cookie must come with the platform's top-level redirect back to /authorize/callback.
        sameSite: 'Lax',
        secure: origin.startsWith('https:'),
        maxAge: WECHAT_STATE_TTL_S,
      });
      return ok(c, answer);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/authorize/callback',
      tags,
      summary:
        'Where the platform sends the browser after the scan (code, state): exchanges the code, then sends the browser on to the web route /wechat (type, open_id, user_id, head_photo; no token in the address)',
      ...access('public'),
      request: {
        query: z.object({ code: z.string().max(512).default(''), state: z.string().max(128).default('') }),
      },
      responses: { 200: { description: 'A page that goes on to /rxpacs/#/wechat at once' } },
    }),
    async (c) => {
      const { code, state } = c.req.valid('query');
      const q = new URLSearchParams();
      try {
        const r = await qrCallback(c.var.deps, code, state, browserOf(c));
        q.set('type', r.type);
        q.set('open_id', r.open_id);
        q.set('user_id', r.user_id);
        q.set('head_photo', r.head_photo);
      } catch (e) {
        if (!(e instanceof AppError)) throw e;
        q.set('error', e.error);
      }
      // A page that moves on at once (not a 302): no-referrer keeps the code out of the next request.
      const next = `/rxpacs/#/wechat?${q.toString()}`.replace(/&/g, '&amp;');
      return c.html(
        `<!doctype html><meta charset="utf-8"><meta name="referrer" content="no-referrer"><meta http-equiv="refresh" content="0;url=${next}"><a id="next" href="${next}">/wechat</a>`,
      );
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/authorize/finish',
      tags,
      summary:
        "Use up this browser's called-back sign-in or bind: login answers the password sign-in's result (an unbound open id is refused); bind links the open id to the user who started it",
      ...access('public'),
      responses: okResponse(WechatFinishSchema),
    }),
    async (c) => {
      const result = await qrFinish(c.var.deps, browserOf(c), clientMeta(c));
      deleteCookie(c, COOKIE, { path: '/authorize' });
      return c.json({ success: true, msg: t(c, result.type === 'login' ? 'loginOk' : 'wxBound'), data: result }, 200);
    },
  );
}

/** The signed-in user's QR sign-in binding (the security tab). */
function wechatBindingRoutes(app: Router) {
  app.openapi(
    createRoute({
      method: 'get',
      path: '/wechat/binding',
      tags,
      summary: "Whether the signed-in user's WeChat (QR sign-in) is bound; the open id masked",
      ...access('session'),
      responses: okResponse(WechatBindingSchema),
    }),
    async (c) => ok(c, await bindingOf(c.var.deps, c.var.user)),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/wechat/unbind',
      tags,
      summary: "Remove the signed-in user's WeChat (QR sign-in) binding",
      ...access('session'),
      responses: okResponse(z.null()),
    }),
    async (c) => {
      await unbindOpenId(c.var.deps, c.var.user, clientMeta(c).ip);
      return ok(c, null, 'wxUnbound');
    },
  );
}
