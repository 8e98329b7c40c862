import { createRoute, type OpenAPIHono, type z } from '@hono/zod-openapi';
import type { Locale } from '@shared/constants';
import { pageOf } from '@shared/schemas/common';
import type { AppEnv } from '../context';
import { access, type Access } from '../http/guard';
import { ok } from '../http/respond';
import { jsonBody, okResponse } from '../http/route';
import { auditedXlsx, type ExportAudit } from './audited-xlsx';
import { exportQuerySchema, listBodySchema, listQuerySchema, type FilterShape, type ListSpec } from './define';
import { listPage, listSource } from './query';
import type { XlsxColumn } from './xlsx-export';

interface ListRouteBase<T, F extends FilterShape, S extends string> {
  path: string;
  tags: string[];
  summary: string;
  permission: Access;
  list: ListSpec<T, F, S>;
}

export interface ListPageRoute<T, F extends FilterShape, S extends string> extends ListRouteBase<T, F, S> {
  /** GET takes the contract in the query (filters as JSON text), POST in a JSON body. */
  method: 'get' | 'post';
  row: z.ZodTypeAny;
}

/** One page of a generic list: pageNumber, pageSize, column, order and the list's filters in, a page out. */
export function listPageRoute<T, F extends FilterShape, S extends string>(
  app: OpenAPIHono<AppEnv>,
  o: ListPageRoute<T, F, S>,
) {
  const { path, tags, summary, list } = o;
  const responses = okResponse(pageOf(o.row));
  if (o.method === 'get') {
    const route = createRoute({
      method: 'get',
      path,
      tags,
      summary,
      ...access(o.permission),
      request: { query: listQuerySchema(list) },
      responses,
    });
    app.openapi(route, async (c) =>
      ok(c, await listPage(list, { db: c.var.deps.db, user: c.var.user }, c.req.valid('query'))),
    );
    return;
  }
  const route = createRoute({
    method: 'post',
    path,
    tags,
    summary,
    ...access(o.permission),
    request: jsonBody(listBodySchema(list)),
    responses,
  });
  app.openapi(route, async (c) =>
    ok(c, await listPage(list, { db: c.var.deps.db, user: c.var.user }, c.req.valid('json'))),
  );
}

export interface ListExportRoute<T, F extends FilterShape, S extends string> extends ListRouteBase<T, F, S> {
  columns: XlsxColumn<T>[];
  /** The file name per language before the date. */
  fileName: Record<Locale, string>;
  audit: ExportAudit;
}

/** GET <path>: every row of a generic list matching the query's sort and filters, as an audited .xlsx file. */
export function listExportRoute<T, F extends FilterShape, S extends string>(
  app: OpenAPIHono<AppEnv>,
  o: ListExportRoute<T, F, S>,
) {
  app.openapi(
    createRoute({
      method: 'get',
      path: o.path,
      tags: o.tags,
      summary: o.summary,
      ...access(o.permission),
      request: { query: exportQuerySchema(o.list) },
      responses: { 200: { description: 'The .xlsx file' } },
    }),
    async (c) => {
      const q = c.req.valid('query');
      return auditedXlsx(c, {
        list: o.list.name,
        filters: q.filters,
        fileName: o.fileName,
        columns: o.columns,
        source: await listSource(o.list, { db: c.var.deps.db, user: c.var.user }, q),
        audit: o.audit,
      });
    },
  );
}
