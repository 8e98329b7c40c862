import { createRoute } from '@hono/zod-openapi';
import { PERMISSIONS } from '@shared/permissions';
import {
  WechatAccountQuerySchema,
  WechatAccountSaveSchema,
  WechatAccountViewSchema,
} from '@shared/schemas/wechat-account';
import { callerOf } from '../../platform/http/caller';
import { ok } from '../../platform/http/respond';
import { jsonBody, okResponse } from '../../platform/http/route';
import { newRouter } from '../../platform/http/router';
import { access } from '../../platform/http/guard';
import { saveAccount, viewAccount } from './account';

const tags = ['wechat'];

/** The accounts' settings (/WeChatManage): the QR sign-in app and the hospitals' public accounts. */
export function wechatAccountRoutes() {
  const app = newRouter();
  app.openapi(
    createRoute({
      method: 'get',
      path: '/wechat/account',
      tags,
      summary:
        'Account settings: kind web (QR sign-in app, super administrator) or mp (a hospital public account); secrets only as set/masked',
      ...access(PERMISSIONS.SYS_WECHAT),
      request: { query: WechatAccountQuerySchema },
      responses: okResponse(WechatAccountViewSchema),
    }),
    async (c) => {
      const { kind, hospital_code } = c.req.valid('query');
      return ok(c, await viewAccount(c.var.deps, c.var.user, kind, hospital_code || c.var.user.hospital_code));
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/wechat/account/save',
      tags,
      summary: 'Save account settings; an absent or empty secret, token or EncodingAESKey keeps the stored one',
      ...access(PERMISSIONS.SYS_WECHAT),
      request: jsonBody(WechatAccountSaveSchema),
      responses: okResponse(WechatAccountViewSchema),
    }),
    async (c) => {
      const body = c.req.valid('json');
      const hospital_code = body.hospital_code || c.var.user.hospital_code;
      return ok(c, await saveAccount(c.var.deps, callerOf(c), { ...body, hospital_code }), 'wxSaved');
    },
  );
  return app;
}
