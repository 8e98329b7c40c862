import { createRoute, z } from '@hono/zod-openapi';
import { PERMISSIONS } from '@shared/permissions';
import { BatchDeleteResultSchema, BatchDeleteSchema, DeleteByPkSchema, ImportResultSchema } from '@shared/schemas/list';
import { SCAN_ITEM_IMPORT_COLUMNS } from '@shared/schemas/scan-item';
import { localeOf } from '../../platform/core/i18n';
import { IMPORT_MAX_BYTES, importAnswer, readXlsx } from '../../platform/list/xlsx-import';
import { notFound } from '../../platform/core/errors';
import { deleteByKeys, integerKeys } from '../../platform/list/delete';
import { ok } from '../../platform/http/respond';
import { jsonBody, okResponse } from '../../platform/http/route';
import { newRouter } from '../../platform/http/router';
import { access } from '../../platform/http/guard';
import { importScanItems, scanItemScope } from './import';
import { scanItem } from '../../platform/db/schema';
import type { Tx } from '../../platform/db/client';
import type { AppEnv } from '../../platform/context';
import { callerOf } from '../../platform/http/caller';
import { auditChange } from '../../platform/audit';
import type { Context } from 'hono';

const ImportFileSchema = z.object({
  file: z
    .custom<File>((v) => v instanceof File, { message: 'file: an .xlsx file' })
    .openapi({ type: 'string', format: 'binary' }),
});

/** Each deleted scan item's audit row (the row as it was), in the delete's transaction. */
const auditDeleted =
  (c: Context<AppEnv>) =>
  async (tx: Tx, rows: Record<string, unknown>[]): Promise<void> => {
    const { me, ip } = callerOf(c);
    for (const row of rows) {
      await auditChange(tx, me, {
        action: 'scanp_delete',
        target: `scan_item:${String(row.scanp_id)}`,
        before: row,
        ip,
      });
    }
  };

/** Upload routes and their body limit (app.ts applies it instead of the global 1 MiB). */
export const SCANP_BODY_LIMITS = { '/scanp/importExcel': IMPORT_MAX_BYTES };

export function scanpRoutes() {
  const app = newRouter();
  app.openapi(
    createRoute({
      method: 'post',
      path: '/scanp/importExcel',
      tags: ['scanp'],
      summary:
        "Scan items from an .xlsx (multipart `file`, at most 5 MiB; the export's columns), all or nothing: a row with scanp_id changes that item, one without the item of the same hospital, modality and description, else adds one; a hospital administrator only their hospital's. Code 200 with inserted/updated/unchanged, or 400 with each refused row and nothing written",
      ...access(PERMISSIONS.SYS_SCANP),
      request: {
        body: {
          content: {
            'multipart/form-data': {
              schema: ImportFileSchema,
            },
          },
          required: true,
        },
      },
      responses: okResponse(ImportResultSchema),
    }),
    async (c) => {
      const rows = await readXlsx(c.req.valid('form').file, SCAN_ITEM_IMPORT_COLUMNS);
      const locale = localeOf(c.req.header('accept-language'));
      const { counts, details } = await importScanItems(c.var.deps.db, callerOf(c), rows, locale);
      return importAnswer(c, counts, details);
    },
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/scanp/delete',
      tags: ['scanp'],
      summary: "Delete one scan item of the caller's hospital (installation-wide ones: super administrator only)",
      ...access(PERMISSIONS.SYS_SCANP),
      request: jsonBody(DeleteByPkSchema),
      responses: okResponse(BatchDeleteResultSchema),
    }),
    async (c) => {
      const { db } = c.var.deps;
      const { pk } = c.req.valid('json');
      const deleted = await deleteByKeys(
        db,
        scanItem,
        scanItem.scanp_id,
        [pk],
        scanItemScope(c.var.user),
        auditDeleted(c),
      );
      if (!deleted) throw notFound();
      return ok(c, { deleted });
    },
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/scanp/deleteBatch',
      tags: ['scanp'],
      summary: "Delete scan items (comma-joined scanp_id) of the caller's hospital; others are left alone",
      ...access(PERMISSIONS.SYS_SCANP),
      request: jsonBody(BatchDeleteSchema),
      responses: okResponse(BatchDeleteResultSchema),
    }),
    async (c) => {
      const keys = integerKeys(c.req.valid('json').ids);
      const deleted = await deleteByKeys(
        c.var.deps.db,
        scanItem,
        scanItem.scanp_id,
        keys,
        scanItemScope(c.var.user),
        auditDeleted(c),
      );
      return ok(c, { deleted });
    },
  );
  return app;
}
