import { createRoute, z } from '@hono/zod-openapi';
import { PERMISSIONS } from '@shared/permissions';
import {
  KnowledgeNodeSchema,
  KnowledgePkSchema,
  KnowledgeSaveSchema,
  KnowledgeTreeRequestSchema,
} from '@shared/schemas/knowledge';
import { callerOf } from '../../platform/http/caller';
import { ok } from '../../platform/http/respond';
import { jsonBody, okResponse } from '../../platform/http/route';
import { access } from '../../platform/http/guard';
import { newRouter } from '../../platform/http/router';
import { deleteKnowledge, knowledgeTree, mostUsed, saveKnowledge, useKnowledge } from './service';

const tags = ['knowledge'];
const post = (path: string, summary: string) => ({ method: 'post' as const, path, tags, summary });

export function knowledgeRoutes() {
  const app = newRouter();
  app.openapi(
    createRoute({
      ...post('/template/tree', 'A knowledge-template tree: public, group (region), hospital or the user’s own'),
      ...access(PERMISSIONS.DASHBOARD),
      request: jsonBody(KnowledgeTreeRequestSchema),
      responses: okResponse(z.array(KnowledgeNodeSchema)),
    }),
    async (c) => {
      const q = c.req.valid('json');
      return ok(c, await knowledgeTree(c.var.deps.db, c.var.user, q.scope, q.modality));
    },
  );
  app.openapi(
    createRoute({
      ...post('/template/mostUsed', 'The most used templates of a tree, with their usage counts'),
      ...access(PERMISSIONS.DASHBOARD),
      request: jsonBody(KnowledgeTreeRequestSchema),
      responses: okResponse(z.array(KnowledgeNodeSchema)),
    }),
    async (c) => {
      const q = c.req.valid('json');
      return ok(c, await mostUsed(c.var.deps.db, c.var.user, q.scope, q.modality));
    },
  );
  app.openapi(
    createRoute({
      ...post(
        '/template/save',
        'Create, change or move a folder or template: the user’s own tree, or a shared one they may change (scope)',
      ),
      ...access(PERMISSIONS.SAVE_TEMP),
      request: jsonBody(KnowledgeSaveSchema),
      responses: okResponse(KnowledgeNodeSchema),
    }),
    async (c) => ok(c, await saveKnowledge(c.var.deps.db, callerOf(c), c.req.valid('json'))),
  );
  app.openapi(
    createRoute({
      ...post(
        '/template/delete',
        'Delete a template, or a folder that has nothing in it, of a tree the user may change',
      ),
      ...access(PERMISSIONS.SAVE_TEMP),
      request: jsonBody(KnowledgePkSchema),
      responses: okResponse(z.null()),
    }),
    async (c) => {
      await deleteKnowledge(c.var.deps.db, callerOf(c), c.req.valid('json').pk);
      return ok(c, null);
    },
  );
  app.openapi(
    createRoute({
      ...post('/template/use', 'Count one use of a template (it was applied to a report)'),
      ...access(PERMISSIONS.DASHBOARD),
      request: jsonBody(KnowledgePkSchema),
      responses: okResponse(z.null()),
    }),
    async (c) => {
      await useKnowledge(c.var.deps.db, c.var.user, c.req.valid('json').pk);
      return ok(c, null);
    },
  );
  return app;
}
