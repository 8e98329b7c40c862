import { createRoute } from '@hono/zod-openapi';
import { PERMISSIONS } from '@shared/permissions';
import {
  CreateMenuBodySchema,
  GetMenuBodySchema,
  MenuButtonSchema,
  PlatformResultSchema,
} from '@shared/schemas/wechat-menu';
import { z } from 'zod';
import { callerOf } from '../../platform/http/caller';
import { ok } from '../../platform/http/respond';
import { jsonBody, okResponse } from '../../platform/http/route';
import { newRouter } from '../../platform/http/router';
import { access } from '../../platform/http/guard';
import { createMenu, getMenu } from './menu';

const tags = ['wechat'];

/** /wxmenu's calls: read and publish a hospital public account's custom menu (docs/wechat.md). */
export function wechatMenuRoutes() {
  const app = newRouter();
  app.openapi(
    createRoute({
      method: 'post',
      path: '/wxapi/createMenu',
      tags,
      summary:
        'Publish the menu (menu: JSON string of {button:[...]}); a broken rule answers 400 naming the button and sends nothing; data carries the platform errcode/errmsg (errmsg "ok": published)',
      ...access(PERMISSIONS.SYS_WECHAT),
      request: jsonBody(CreateMenuBodySchema),
      responses: okResponse(PlatformResultSchema),
    }),
    async (c) => {
      const caller = callerOf(c);
      const r = await createMenu({ deps: c.var.deps, me: caller.me, locale: caller.locale }, c.req.valid('json'));
      return r.errmsg === 'ok' ? ok(c, r, 'wxPublishOk') : ok(c, r, 'wxPublishFailed', { errmsg: r.errmsg });
    },
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/wxapi/getMenu',
      tags,
      summary: "The hospital public account's current menu ({button: []} when it has none)",
      ...access(PERMISSIONS.SYS_WECHAT),
      request: jsonBody(GetMenuBodySchema),
      responses: okResponse(z.object({ button: z.array(MenuButtonSchema) })),
    }),
    async (c) => {
      const caller = callerOf(c);
      const menu = await getMenu(
        { deps: c.var.deps, me: caller.me, locale: caller.locale },
        c.req.valid('json').hospital_code,
      );
      return ok(c, menu);
    },
  );
  return app;
}
