import { createRoute, z } from '@hono/zod-openapi';
import { PERMISSIONS } from '@shared/permissions';
import { DictByCodeSchema, DictRowSchema, DictSaveSchema } from '@shared/schemas/admin-config';
import { BatchDeleteResultSchema, DeleteByPkSchema } from '@shared/schemas/list';
import { ok } from '../../platform/http/respond';
import { jsonBody, okResponse } from '../../platform/http/route';
import { newRouter } from '../../platform/http/router';
import { access } from '../../platform/http/guard';
import { callerOf } from '../../platform/http/caller';
import { childrenOf, deleteDict, listParents, saveDict } from './service';

const tags = ['dict'];
const post = (path: string, summary: string) => ({ method: 'post' as const, path, tags, summary });

/** Dictionary: /dict/*. Anyone signed in reads (pick lists); changes need sys:dict. */
export function dictRoutes() {
  const app = newRouter();
  app.openapi(
    createRoute({
      ...post('/dict/listParent', 'The dictionaries (top-level entries), by sort'),
      ...access('session'),
      responses: okResponse(z.array(DictRowSchema)),
    }),
    async (c) => ok(c, await listParents(c.var.deps.db)),
  );
  app.openapi(
    createRoute({
      ...post('/dict/dictByCode', 'The entries of the dictionary with this code, by sort ([] for an unknown code)'),
      ...access('session'),
      request: jsonBody(DictByCodeSchema),
      responses: okResponse(z.array(DictRowSchema)),
    }),
    async (c) => ok(c, await childrenOf(c.var.deps.db, c.req.valid('json').code)),
  );
  app.openapi(
    createRoute({
      ...post('/dict/save', 'Add (pk absent) or change a dictionary or an entry; code unique among its siblings'),
      ...access(PERMISSIONS.SYS_DICT),
      request: jsonBody(DictSaveSchema),
      responses: okResponse(DictRowSchema),
    }),
    async (c) => ok(c, await saveDict(c.var.deps.db, callerOf(c), c.req.valid('json'))),
  );
  app.openapi(
    createRoute({
      ...post('/dict/delete', 'Delete an entry; a dictionary that still has entries: 409'),
      ...access(PERMISSIONS.SYS_DICT),
      request: jsonBody(DeleteByPkSchema),
      responses: okResponse(BatchDeleteResultSchema),
    }),
    async (c) => ok(c, { deleted: await deleteDict(c.var.deps.db, callerOf(c), c.req.valid('json').pk) }),
  );
  return app;
}
