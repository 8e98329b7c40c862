import { createRoute, z } from '@hono/zod-openapi';
import { eq } from 'drizzle-orm';
import { isKnownConfig, isSecretConfig } from '@shared/config-kinds';
import { PERMISSIONS } from '@shared/permissions';
import {
  ConfigByNameQuerySchema,
  ConfigEntrySchema,
  ConfigRowSchema,
  ConfigSaveSchema,
  ConfigTypeSchema,
  ConfigUpdateSchema,
  ConfigValuesSchema,
} from '@shared/schemas/admin-config';
import { BatchDeleteResultSchema, DeleteByPkSchema } from '@shared/schemas/list';
import { sysConfig } from '../../platform/db/schema';
import { CONFIG_DEFAULTS } from '../../platform/db/seed/config-defaults';
import { forbidden, notFound } from '../../platform/core/errors';
import { listPageRoute } from '../../platform/list/routes';
import { ok } from '../../platform/http/respond';
import { jsonBody, okResponse } from '../../platform/http/route';
import { newRouter } from '../../platform/http/router';
import { access } from '../../platform/http/guard';
import { createConfig, deleteConfig, readableConfigs, rotateAesKey, updateConfig } from './admin';
import { callerOf } from '../../platform/http/caller';
import { checkOutboundEntry } from './outbound-entries';
import { configList } from './list';

const tags = ['config'];
const post = (path: string, summary: string) => ({ method: 'post' as const, path, tags, summary });

/** A known entry that is disabled or missing reads as its built-in default, as getConfigs does. */
function withDefaults(rows: { name: string; value: string; description: string }[]) {
  const out = new Map(rows.map((r) => [r.name, r]));
  for (const [name, d] of Object.entries(CONFIG_DEFAULTS)) {
    if (!out.has(name) && !isSecretConfig(name)) out.set(name, { name, value: d.value, description: d.description });
  }
  return [...out.values()];
}

/** Configuration entries: /config/*. Secret entries (aes_key, *_key, *secret, *password, *token) are never read back. */
export function configRoutes() {
  const app = newRouter();
  listPageRoute(app, {
    method: 'post',
    path: '/config/list',
    tags,
    summary: 'Configuration entries: generic list in a JSON body (filters keyword, type, status)',
    permission: PERMISSIONS.SYS_CONFIG,
    list: configList,
    row: ConfigRowSchema,
  });
  app.openapi(
    createRoute({
      ...post('/config/save', 'Add a configuration entry (name unique, [a-zA-Z0-9_]{1,64}; value checked by its kind)'),
      ...access(PERMISSIONS.SYS_CONFIG),
      request: jsonBody(ConfigSaveSchema),
      responses: okResponse(ConfigRowSchema),
    }),
    async (c) => {
      const input = c.req.valid('json');
      await checkOutboundEntry(c.var.deps, callerOf(c).locale, input);
      return ok(c, await createConfig(c.var.deps.db, callerOf(c), input));
    },
  );
  app.openapi(
    createRoute({
      ...post(
        '/config/update',
        'Change an entry (by pk or name): value checked by its kind, description, type, status',
      ),
      ...access(PERMISSIONS.SYS_CONFIG),
      request: jsonBody(ConfigUpdateSchema),
      responses: okResponse(ConfigRowSchema),
    }),
    async (c) => {
      const input = c.req.valid('json');
      await checkOutboundEntry(c.var.deps, callerOf(c).locale, input);
      return ok(c, await updateConfig(c.var.deps.db, callerOf(c), input));
    },
  );
  app.openapi(
    createRoute({
      ...post('/config/delete', 'Delete an entry an administrator added (built-in entries: 409)'),
      ...access(PERMISSIONS.SYS_CONFIG),
      request: jsonBody(DeleteByPkSchema),
      responses: okResponse(BatchDeleteResultSchema),
    }),
    async (c) => ok(c, { deleted: await deleteConfig(c.var.deps.db, callerOf(c), c.req.valid('json').pk) }),
  );
  app.openapi(
    createRoute({
      ...post(
        '/config/rotateAesKey',
        'Generate a new aes_key for the login form (never shown; open login pages reload)',
      ),
      ...access(PERMISSIONS.SYS_CONFIG),
      responses: okResponse(z.null()),
    }),
    async (c) => {
      if (!c.var.user.isSuper) throw forbidden('installationOnly');
      await rotateAesKey(c.var.deps.db, callerOf(c));
      return ok(c, null);
    },
  );
  app.openapi(
    createRoute({
      ...post('/config/configAll', 'Every active, non-secret entry as {name: value} (built-in ones as they apply)'),
      ...access('session'),
      responses: okResponse(ConfigValuesSchema),
    }),
    async (c) => {
      const rows = withDefaults(await readableConfigs(c.var.deps.db));
      return ok(c, Object.fromEntries(rows.map((r) => [r.name, r.value])));
    },
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: '/config/findByName',
      tags,
      summary: 'One active, non-secret entry by name (a secret or unknown name: 404)',
      ...access('session'),
      request: { query: ConfigByNameQuerySchema },
      responses: okResponse(ConfigEntrySchema),
    }),
    async (c) => {
      const { name } = c.req.valid('query');
      if (isSecretConfig(name)) throw notFound();
      const rows = await readableConfigs(c.var.deps.db, eq(sysConfig.name, name));
      const [entry] = isKnownConfig(name) ? withDefaults(rows).filter((r) => r.name === name) : rows;
      if (!entry) throw notFound();
      return ok(c, { name: entry.name, value: entry.value, description: entry.description });
    },
  );
  app.openapi(
    createRoute({
      ...post('/config/findType', 'Active, non-secret entries of one type (e.g. option lists), by name'),
      ...access('session'),
      request: jsonBody(ConfigTypeSchema),
      responses: okResponse(z.array(ConfigEntrySchema)),
    }),
    async (c) => {
      const rows = await readableConfigs(c.var.deps.db, eq(sysConfig.type, c.req.valid('json').type));
      return ok(
        c,
        rows.map((r) => ({ name: r.name, value: r.value, description: r.description })),
      );
    },
  );
  return app;
}
