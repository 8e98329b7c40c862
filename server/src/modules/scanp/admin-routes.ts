import { createRoute, z } from '@hono/zod-openapi';
import dayjs from 'dayjs';
import { PERMISSIONS } from '@shared/permissions';
import { pageOf } from '@shared/schemas/common';
import { ScanItemSchema } from '@shared/schemas/patient';
import {
  ScanDescGroupSchema,
  ScanDescQuerySchema,
  ScanItemIdsSchema,
  ScanItemRowSchema,
  ScanItemSaveSchema,
} from '@shared/schemas/scan-item';
import { clientMeta } from '../../lib/client-meta';
import { exportQuerySchema, listQuerySchema } from '../../lib/list/define';
import { listPage, listSource } from '../../lib/list/query';
import { xlsxResponse } from '../../lib/list/xlsx-export';
import { ok } from '../../lib/respond';
import { jsonBody, okResponse } from '../../lib/route';
import { newRouter } from '../../lib/router';
import { access } from '../../middleware/auth';
import { auditExport } from '../audit/service';
import { callerOf } from '../config/caller';
import { descriptionsByModality, saveScanItem, scanItemsByIds } from './admin';
import { SCAN_ITEM_EXPORT_COLUMNS } from './export-columns';
import { scanItemList } from './list';

const tags = ['scanp'];

/** Scan item administration: /scanp/saveScanp, queryListByIds, getdescInfo, list and export. */
export function scanpAdminRoutes() {
  const app = newRouter();
  app.openapi(
    createRoute({
      method: 'get',
      path: '/scanp/list',
      tags,
      summary: 'Scan items the caller administers: generic list query (filters keyword, modality, sn)',
      ...access(PERMISSIONS.SYS_SCANP),
      request: { query: listQuerySchema(scanItemList) },
      responses: okResponse(pageOf(ScanItemRowSchema)),
    }),
    async (c) => ok(c, await listPage(scanItemList, { db: c.var.deps.db, user: c.var.user }, c.req.valid('query'))),
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: '/scanp/exportXls',
      tags,
      summary: 'The scan items matching the filters as .xlsx, in the import template’s columns',
      ...access(PERMISSIONS.SYS_SCANP),
      request: { query: exportQuerySchema(scanItemList) },
      responses: { 200: { description: 'The .xlsx file' } },
    }),
    async (c) => {
      const { db } = c.var.deps;
      const me = c.var.user;
      const q = c.req.valid('query');
      const day = dayjs().format('YYYYMMDD');
      return xlsxResponse(c, {
        fileName: { 'zh-CN': `检查项目-${day}`, 'en-US': `scan-items-${day}` },
        columns: SCAN_ITEM_EXPORT_COLUMNS,
        source: await listSource(scanItemList, { db, user: me }, q),
        onStart: (rows) => auditExport(db, me, { list: 'scan_item', filters: q.filters, rows, ip: clientMeta(c).ip }),
      });
    },
  );
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
