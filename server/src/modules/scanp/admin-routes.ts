import { createRoute, z } from '@hono/zod-openapi';
import { PERMISSIONS } from '@shared/permissions';
import { ScanItemSchema } from '@shared/schemas/patient';
import {
  ScanDescGroupSchema,
  ScanDescQuerySchema,
  ScanItemIdsSchema,
  ScanItemRowSchema,
  ScanItemSaveSchema,
} from '@shared/schemas/scan-item';
import { listExportRoute, listPageRoute } from '../../platform/list/routes';
import { ok } from '../../platform/http/respond';
import { jsonBody, okResponse } from '../../platform/http/route';
import { newRouter } from '../../platform/http/router';
import { access } from '../../platform/http/guard';
import { auditExport } from '../../platform/audit';
import { callerOf } from '../../platform/http/caller';
import { descriptionsByModality, saveScanItem, scanItemsByIds } from './admin';
import { SCAN_ITEM_EXPORT_COLUMNS } from './export-columns';
import { scanItemList } from './list';

const tags = ['scanp'];

/** Scan item administration: /scanp/saveScanp, queryListByIds, getdescInfo, list and export. */
export function scanpAdminRoutes() {
  const app = newRouter();
  listPageRoute(app, {
    method: 'get',
    path: '/scanp/list',
    tags,
    summary: 'Scan items the caller administers: generic list query (filters keyword, modality, sn)',
    permission: PERMISSIONS.SYS_SCANP,
    list: scanItemList,
    row: ScanItemRowSchema,
  });
  listExportRoute(app, {
    path: '/scanp/exportXls',
    tags,
    summary: 'The scan items matching the filters as .xlsx, in the import template’s columns',
    permission: PERMISSIONS.SYS_SCANP,
    list: scanItemList,
    columns: SCAN_ITEM_EXPORT_COLUMNS,
    fileName: { 'zh-CN': '检查项目', 'en-US': 'scan-items' },
    audit: auditExport,
  });
  app.openapi(
    createRoute({
      method: 'post',
      path: '/scanp/saveScanp',
      tags,
      summary: 'Add (scanp_id absent) or change a scan item; description unique within hospital and modality',
      ...access(PERMISSIONS.SYS_SCANP),
      request: jsonBody(ScanItemSaveSchema),
      responses: okResponse(ScanItemRowSchema),
    }),
    async (c) => ok(c, await saveScanItem(c.var.deps.db, callerOf(c), c.req.valid('json'))),
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/scanp/queryListByIds',
      tags,
      summary: 'The scan items with these ids the caller may pick (their hospital’s and installation-wide ones)',
      ...access('session'),
      request: jsonBody(ScanItemIdsSchema),
      responses: okResponse(z.array(ScanItemSchema)),
    }),
    async (c) => ok(c, await scanItemsByIds(c.var.deps.db, c.var.user, c.req.valid('json').ids)),
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/scanp/getdescInfo',
      tags,
      summary: 'The descriptions the caller may pick, grouped by modality (optionally one modality)',
      ...access('session'),
      request: jsonBody(ScanDescQuerySchema),
      responses: okResponse(z.array(ScanDescGroupSchema)),
    }),
    async (c) => ok(c, await descriptionsByModality(c.var.deps.db, c.var.user, c.req.valid('json').modality)),
  );
  return app;
}
