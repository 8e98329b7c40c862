import { createRoute, z } from '@hono/zod-openapi';
import { ShortcutFindSchema, ShortcutSaveSchema, ShortcutSchema } from '@shared/schemas/admin-config';
import { ok } from '../../platform/http/respond';
import { jsonBody, okResponse } from '../../platform/http/route';
import { newRouter } from '../../platform/http/router';
import { access } from '../../platform/http/guard';
import { callerOf } from '../../platform/http/caller';
import { findShortcuts, saveShortcut } from './service';

const tags = ['shortcut'];

/**
 * Shortcuts: /shortcut/save, /shortcut/find. A shortcut is the caller's own quick list of scan items for
 * a modality, offered first in the report screen's body-part search.
 */
export function shortcutRoutes() {
  const app = newRouter();
  app.openapi(
    createRoute({
      method: 'post',
      path: '/shortcut/save',
      tags,
      summary: "Set the caller's quick-pick scan items for a modality (at most 50; items the caller may pick)",
      ...access('session'),
      request: jsonBody(ShortcutSaveSchema),
      responses: okResponse(ShortcutSchema),
    }),
    async (c) => ok(c, await saveShortcut(c.var.deps.db, callerOf(c), c.req.valid('json'))),
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/shortcut/find',
      tags,
      summary: "The caller's shortcuts (one modality or all) with their scan items",
      ...access('session'),
      request: jsonBody(ShortcutFindSchema),
      responses: okResponse(z.array(ShortcutSchema)),
    }),
    async (c) => ok(c, await findShortcuts(c.var.deps.db, c.var.user, c.req.valid('json').modality)),
  );
  return app;
}
